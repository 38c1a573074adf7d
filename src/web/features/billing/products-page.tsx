// Temporary stub: replaced by its feature's work in this session.
export function ProductsPage() { return <main><h1>ProductsPage</h1></main>; }
