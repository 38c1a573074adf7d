// Temporary stub: replaced by its feature's work in this session.
export function ResetPasswordPage() { return <main><h1>ResetPasswordPage</h1></main>; }
