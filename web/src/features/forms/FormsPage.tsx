import { Route, Routes } from 'react-router';
import { Gate } from '../../lib/gate';
import { Page } from '../../lib/page';
import { FormsList } from './FormsList';
import { lazyChunk } from '../../lib/chunk-load';

// The form page brings the builder and the runner: loaded only when a form is opened.
const FormEditorPage = lazyChunk(() => import('./FormEditorPage'));

/** `/forms` and `/forms/{id}` (SPEC.md section 2), for users who may create FormTemplate. */
export default function FormsPage() {
  return (
    <Gate I="create" a="FormTemplate">
      <Routes>
        <Route
          index
          element={
            <Page title="Forms">
              <FormsList />
            </Page>
          }
        />
        <Route path=":id" element={<FormEditorPage />} />
      </Routes>
    </Gate>
  );
}
