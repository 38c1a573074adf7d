import { useParams } from 'react-router';
import { PortfolioDetailPage } from './portfolio-detail';
import { PortfolioHome } from './portfolio-home';

/** /portfolio and /portfolio/:id: one lazy chunk for both (one route entry in the app's router). */
export function PortfolioPage() {
  const { id } = useParams();
  // Keyed by id: moving to another portfolio starts from a clean screen.
  return id ? <PortfolioDetailPage key={id} id={id} /> : <PortfolioHome />;
}
