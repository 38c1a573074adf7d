// Temporary stub: replaced by its feature's work in this session.
export function SignInPage() { return <main><h1>SignInPage</h1></main>; }
