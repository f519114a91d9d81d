import { useEffect, useState } from 'react';
import { routes } from '../lib/api/routes';
import { Button } from '../components/ui/Button';
import { Modal } from '../components/ui/Modal';
import { useApi } from '../lib/api/use-api';

/** Opens by itself once per page load, after load, when there is at least one announcement: each one's title and message. */
export default function AnnouncementsDialog() {
  const { data } = useApi(routes.announcement.announcements);
  const [state, setState] = useState<'waiting' | 'open' | 'done'>('waiting');

  useEffect(() => {
    if (state === 'waiting' && data) setState(data.length > 0 ? 'open' : 'done');
  }, [data, state]);

  return (
    <Modal
      isOpen={state === 'open'}
      onClose={() => setState('done')}
      title="Announcements"
      footer={<Button onPress={() => setState('done')}>Close</Button>}
    >
      <ul className="app-announcements">
        {(data ?? []).map((announcement) => (
          <li key={announcement.id}>
            {announcement.title && <strong className="app-announcement-title">{announcement.title}</strong>}
            <p className="app-announcement-message">{announcement.message}</p>
          </li>
        ))}
      </ul>
    </Modal>
  );
}
