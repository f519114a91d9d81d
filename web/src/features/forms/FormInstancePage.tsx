import { useParams } from 'react-router';
import { FormInstanceRunner } from '../../components/form-runner/FormInstanceRunner';
import { Page } from '../../lib/page';

/**
 * `/form-instance/{id}`: one form instance on its own page, for its participant and those who
 * can see them (the server answers 404 to anyone else). The step page embeds the same runner.
 */
export default function FormInstancePage() {
  const { id = '' } = useParams();
  return (
    <Page title="Form">
      <FormInstanceRunner formInstanceId={id} />
    </Page>
  );
}
