// Temporary stub: replaced by its feature's work in this session.
export function SignUpPage() { return <main><h1>SignUpPage</h1></main>; }
