// Two-step sign-in from the profile: status, set-up, enable, disable (one small call each).
import type { AccountMessageResponse, TwoFactorEnableResponse, TwoFactorSetupResponse, TwoFactorStatus } from '@olden/contracts';
import { api } from '@/lib/api-client';

export const twoFactorKey = ['account', 'two-factor'] as const;
export const getTwoFactorStatus = () => api.get<TwoFactorStatus>('/auth/2fa');
export const startTwoFactorSetup = () => api.post<TwoFactorSetupResponse>('/auth/2fa/setup');
export const enableTwoFactor = (code: string) => api.post<TwoFactorEnableResponse>('/auth/2fa/enable', { code });
export const disableTwoFactor = (password: string, code: string) => api.post<AccountMessageResponse>('/auth/2fa/disable', { password, code });
