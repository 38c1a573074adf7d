// Temporary stub: replaced by its feature's work in this session.
export function AuthProfilePage() { return <main><h1>AuthProfilePage</h1></main>; }
