import { RouterProvider } from 'react-router';
import { SWRConfig } from 'swr';
import { router } from './router';
import { swrConfig } from '../lib/swr-config';

export function App() {
  return (
    <SWRConfig value={swrConfig}>
      <RouterProvider router={router} />
    </SWRConfig>
  );
}
