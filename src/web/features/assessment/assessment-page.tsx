// Temporary stub: replaced by its feature's work in this session.
export function AssessmentPage() { return <main><h1>AssessmentPage</h1></main>; }
