// Temporary stub: replaced by its feature's work in this session.
export function ConfirmPage() { return <main><h1>ConfirmPage</h1></main>; }
