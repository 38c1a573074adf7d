// Temporary stub: replaced by its feature's work in this session.
export function AboutPage() { return <main><h1>AboutPage</h1></main>; }
