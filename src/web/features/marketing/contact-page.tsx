// Temporary stub: replaced by its feature's work in this session.
export function ContactPage() { return <main><h1>ContactPage</h1></main>; }
