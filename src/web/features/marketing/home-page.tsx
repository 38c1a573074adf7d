// Temporary stub: replaced by its feature's work in this session.
export function HomePage() { return <main><h1>HomePage</h1></main>; }
