import { can, type StudioPermission, type StudioRole } from '@portal/contracts/roles';
import { createContext, useContext } from 'react';

/**
 * The person's role in the studio this tab acts in (undefined while it loads, or signed out). The app provides it
 * from the studios list; features read it here to show only what the role may do (the server refuses the rest).
 */
export const StudioRoleContext = createContext<StudioRole | undefined>(undefined);

/** What a page needs of a role: one permission, or any one of several (VPS: its stages, or buying placement). */
export type PagePermission = StudioPermission | readonly StudioPermission[];

/** Whether `role` has `permission`, or any one of them. */
export const allows = (role: StudioRole, permission: PagePermission): boolean =>
  typeof permission === 'string' ? can(role, permission) : permission.some((one) => can(role, one));

/** The role of this tab's studio, when known. */
export const useStudioRole = () => useContext(StudioRoleContext);

/**
 * Whether the role allows `permission`: until the role is known, nothing a role may lack is offered (a button that
 * appears late is better than one that is refused).
 */
export function useMay(): (permission: StudioPermission) => boolean {
  const role = useStudioRole();
  return (permission) => role !== undefined && can(role, permission);
}
