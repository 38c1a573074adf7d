// Temporary stub: replaced by its feature's work in this session.
export function PremiumComingSoonPage() { return <main><h1>PremiumComingSoonPage</h1></main>; }
export function EnterpriseComingSoonPage() { return <main><h1>EnterpriseComingSoonPage</h1></main>; }
