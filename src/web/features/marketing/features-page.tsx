// Temporary stub: replaced by its feature's work in this session.
export function FeaturesPage() { return <main><h1>FeaturesPage</h1></main>; }
