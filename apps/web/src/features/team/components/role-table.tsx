import { studioRoleDescriptions, studioRoles } from '@portal/contracts';

/** Who does what: the role table explained. */
export function RoleTable() {
  return (
    <dl className="team-roles">
      {studioRoles.map((role) => (
        <div key={role} className="team-roles__row">
          <dt>{role}</dt>
          <dd>{studioRoleDescriptions[role]}</dd>
        </div>
      ))}
    </dl>
  );
}
