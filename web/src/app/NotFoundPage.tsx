import { Link } from 'react-router';
import { EmptyState } from '../components/ui/EmptyState';

export function NotFoundPage() {
  return (
    <EmptyState title="Page not found" message="There is nothing at this address.">
      <Link to="/tracks">Go to Tracks</Link>
    </EmptyState>
  );
}
