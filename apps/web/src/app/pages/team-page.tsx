import { useProfile } from '../../features/access/api/get-profile.ts';
import { TeamPage } from '../../features/team/pages/team-page.tsx';

/** The Team page, told who the signed-in person is (their profile is the access feature's). */
export default function TeamPageRoute() {
  const { data: profile } = useProfile();
  return <TeamPage myEmail={profile?.email} />;
}
