// Temporary stub: replaced by its feature's work in this session.
export function TermsPage() { return <main><h1>TermsPage</h1></main>; }
