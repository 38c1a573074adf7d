// Temporary stub: replaced by its feature's work in this session.
export function NotFoundPage() { return <main><h1>NotFoundPage</h1></main>; }
