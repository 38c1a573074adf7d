// Temporary stub: replaced by its feature's work in this session.
export function PrivacyPage() { return <main><h1>PrivacyPage</h1></main>; }
