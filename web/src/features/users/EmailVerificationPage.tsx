import { useSearchParams } from 'react-router';
import { Alert, Link } from '../../components/ui';
import { Page } from '../../lib/page';

/**
 * Where an email-change confirmation link lands (SPEC.md section 2): `isVerified` and `user`
 * come from the server's redirect; the page only reports them.
 */
export default function EmailVerificationPage() {
  const [query] = useSearchParams();
  const verified = query.get('isVerified') === 'true';
  const user = query.get('user');
  return (
    <Page title="Email verification">
      <Alert tone={verified ? 'success' : 'danger'}>{verified ? 'Email has been verified.' : 'Email could not be verified.'}</Alert>
      {user && <Link href={`/users/${encodeURIComponent(user)}`}>Return to Profile</Link>}
    </Page>
  );
}
