import { NO_ASSIGNED_LOCATION, type UserGroupView } from '@shared/schemas/user-group';
import { Badge, Button, Link } from '../../../components/ui';

export interface GroupCardProps {
  group: UserGroupView;
  onEdit: () => void;
  onDelete: () => void;
}

/** One interview group: name, conference or 'No assigned location', description, its chair and interviewers; Edit and Delete for those who may. */
export function GroupCard({ group, onEdit, onDelete }: GroupCardProps) {
  const headingId = `group-${group.id}`;
  return (
    <li className="groups-card" aria-labelledby={headingId}>
      <div className="groups-card-head">
        <h3 id={headingId}>{group.name}</h3>
        <Badge tone="info">{group.conference?.name ?? NO_ASSIGNED_LOCATION}</Badge>
      </div>
      {group.description && <p className="groups-card-description">{group.description}</p>}
      <p className="groups-card-count">{group.memberCount === 1 ? '1 interviewer' : `${group.memberCount} interviewers`}</p>
      {group.chair && <p className="groups-card-count">{`Chair: ${group.chair.firstName} ${group.chair.lastName}`}</p>}
      {group.users.length > 0 && (
        <ul className="groups-card-members" aria-label={`Interviewers of ${group.name}`}>
          {group.users.map((user) => (
            <li key={user.id}>
              <Link href={`/users/${user.id}`}>{`${user.firstName} ${user.lastName}`}</Link>
            </li>
          ))}
        </ul>
      )}
      {group.canManage && (
        <div className="groups-card-actions">
          <Button variant="secondary" size="small" aria-label={`Edit ${group.name}`} onPress={onEdit}>
            Edit
          </Button>
          <Button variant="danger" size="small" aria-label={`Delete ${group.name}`} onPress={onDelete}>
            Delete
          </Button>
        </div>
      )}
    </li>
  );
}
