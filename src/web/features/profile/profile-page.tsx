// Temporary stub: replaced by its feature's work in this session.
export function ProfilePage() { return <main><h1>ProfilePage</h1></main>; }
