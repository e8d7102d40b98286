import type { Profile, UpdateProfileBody } from '@portal/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { session } from '../../../lib/session.ts';
import { profileQueryKey } from './get-profile.ts';

export const updateProfile = (body: UpdateProfileBody) =>
  apiRequest<Profile>('/api/Access/Profile', { method: 'PUT', body });

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (profile) => queryClient.setQueryData(profileQueryKey(session.getToken()), profile),
  });
}
