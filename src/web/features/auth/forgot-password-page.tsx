// Temporary stub: replaced by its feature's work in this session.
export function ForgotPasswordPage() { return <main><h1>ForgotPasswordPage</h1></main>; }
