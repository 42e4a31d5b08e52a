// The profile page inside the real layouts with a mocked API: the profile update reaches the navbar, the
// password change branches on codes, the saved-search mail choice, and the sessions can be ended one by one or all
// but this one.
import { ACCOUNT_MESSAGES } from '@olden/contracts/constants';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi } from '@/test/fetch-mock';
import { renderRoutes } from '@/test/render';
import { RootLayout } from '@/app/layouts/root-layout';
import { DashboardLayout, Profile } from '.';

vi.mock('@/lib/popups', () => ({
  confirmAction: vi.fn(async () => true),
  showSuccess: vi.fn(async () => undefined),
  showError: vi.fn(async () => undefined),
  showToast: vi.fn(async () => undefined),
}));
const popups = await import('@/lib/popups');

configure({ asyncUtilTimeout: 5000 });

const ann = {
  _id: 'u1',
  email: 'ann@example.com',
  displayName: 'Ann',
  photoURL: 'https://example.com/ann.png',
  admin: false,
  emailVerified: true,
  notifyByEmail: true,
  savedSearchDigest: false,
};
const chrome = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36';
const firefox = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:140.0) Gecko/20100101 Firefox/140.0';
const session = (id: string, userAgent: string, current = false) => ({
  _id: id,
  current,
  createdAt: '2026-01-05T10:00:00.000Z',
  lastSeenAt: '2026-01-06T12:30:00.000Z',
  userAgent,
});

function renderProfile() {
  return renderRoutes(
    [
      {
        path: '/',
        element: <RootLayout />,
        children: [
          { path: 'login', element: <p>Login page</p> },
          { path: 'dashboard', element: <DashboardLayout />, children: [{ path: 'profile', element: <Profile /> }] },
        ],
      },
    ],
    ['/dashboard/profile'],
  );
}

function mockAnn(extra: Parameters<typeof mockApi>[0]) {
  const state = { user: { ...ann } };
  const fetchMock = mockApi({
    'GET /api/auth/session': () => json({ user: state.user }),
    'POST /api/jwt': { token: 'token-1' },
    'GET /api/users/admin/ann%40example.com': { admin: false },
    'GET /api/buyerProduct': [],
    // The profile's blocked list (docs/product.md#blocking): nobody blocked, unless a test says otherwise.
    'GET /api/blocks': [],
    'POST /api/auth/logout': json(null, 204),
    ...extra,
  });
  return { fetchMock, state };
}

const navbarPhoto = () => screen.getByRole('button', { name: 'Account menu' }).querySelector('img');
const bodyOf = (fetchMock: ReturnType<typeof mockApi>, url: string) =>
  JSON.parse(String(fetchMock.mock.calls.find(([u]) => u === url)?.[1]?.body));

beforeEach(() => {
  vi.mocked(popups.confirmAction).mockClear();
  vi.mocked(popups.showSuccess).mockClear();
  vi.mocked(popups.showToast).mockClear();
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
});
afterEach(() => vi.unstubAllGlobals());

describe('profile page', { timeout: 20_000 }, () => {
  it('saves name and photo, and the navbar shows the new photo and name', async () => {
    const { fetchMock, state } = mockAnn({
      'GET /api/auth/sessions': [session('s1', chrome, true)],
      'PATCH /api/users/me': ({ body }: { body?: BodyInit | null }) => {
        const patch = JSON.parse(String(body)) as { name: string; photoURL: string };
        state.user = { ...state.user, displayName: patch.name, photoURL: patch.photoURL };
        return json({ user: state.user });
      },
    });
    renderProfile();
    expect(await screen.findByRole('heading', { level: 1, name: 'My Profile' })).toBeInTheDocument();
    const form = screen.getByRole('form', { name: 'Profile' });
    const name = within(form).getByLabelText('Name');
    expect(name).toHaveValue('Ann');
    await waitFor(() => expect(navbarPhoto()).toHaveAttribute('src', 'https://example.com/ann.png'));

    const user = userEvent.setup();
    await user.clear(name);
    await user.type(name, 'Ann Ledger');
    const photo = within(form).getByLabelText('Photo URL');
    await user.clear(photo);
    await user.type(photo, 'https://example.com/new.png');
    await user.click(within(form).getByRole('button', { name: 'Save profile' }));

    await waitFor(() => expect(popups.showSuccess).toHaveBeenCalledWith('Your profile is updated'));
    expect(bodyOf(fetchMock, '/api/users/me')).toEqual({ name: 'Ann Ledger', photoURL: 'https://example.com/new.png' });
    await waitFor(() => expect(navbarPhoto()).toHaveAttribute('src', 'https://example.com/new.png'));
    await user.click(screen.getByRole('button', { name: 'Account menu' }));
    expect(within(screen.getByRole('menu')).getByText('Ann Ledger')).toBeInTheDocument();
  });

  it('refuses an unsafe photo URL before sending, and shows server field errors', async () => {
    const { fetchMock } = mockAnn({
      'GET /api/auth/sessions': [session('s1', chrome, true)],
      'PATCH /api/users/me': json(
        { statusCode: 400, code: 'VALIDATION', message: 'Invalid request', details: [{ path: 'name', message: 'This Name field is required' }] },
        400,
      ),
    });
    renderProfile();
    const form = await screen.findByRole('form', { name: 'Profile' });
    const user = userEvent.setup();
    const photo = within(form).getByLabelText('Photo URL');
    await user.clear(photo);
    await user.type(photo, 'javascript:alert(1)');
    await user.click(within(form).getByRole('button', { name: 'Save profile' }));
    expect(await within(form).findByText('Please enter a valid https:// URL')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([u]) => u === '/api/users/me')).toBe(false);

    await user.clear(photo);
    await user.type(photo, 'https://example.com/ok.png');
    await user.click(within(form).getByRole('button', { name: 'Save profile' }));
    expect(await within(form).findByText('This Name field is required')).toBeInTheDocument();
  });

  it('changes the password, and puts a wrong current password on its field', async () => {
    let attempts = 0;
    const { fetchMock } = mockAnn({
      'GET /api/auth/sessions': [session('s1', chrome, true)],
      'POST /api/auth/password': () =>
        ++attempts === 1
          ? json({ statusCode: 400, code: 'WRONG_PASSWORD', message: ACCOUNT_MESSAGES.wrongCurrentPassword }, 400)
          : json({ message: ACCOUNT_MESSAGES.passwordChanged }),
    });
    renderProfile();
    const form = await screen.findByRole('form', { name: 'Change password' });
    const user = userEvent.setup();
    await user.type(within(form).getByLabelText('Current password'), 'Wrong@111');
    await user.type(within(form).getByLabelText('New password'), 'Better@123');
    await user.click(within(form).getByRole('button', { name: 'Change password' }));
    expect(await within(form).findByText(ACCOUNT_MESSAGES.wrongCurrentPassword)).toBeInTheDocument();
    expect(within(form).getByLabelText('Current password')).toHaveAttribute('aria-invalid', 'true');
    // Not an expired session: still signed in, still here.
    expect(screen.getByRole('heading', { level: 1, name: 'My Profile' })).toBeInTheDocument();

    await user.clear(within(form).getByLabelText('Current password'));
    await user.type(within(form).getByLabelText('Current password'), 'User@1234');
    await user.click(within(form).getByRole('button', { name: 'Change password' }));
    expect(await within(form).findByText(ACCOUNT_MESSAGES.passwordChanged)).toBeInTheDocument();
    expect(within(form).getByLabelText('Current password')).toHaveValue('');
    expect(bodyOf(fetchMock, '/api/auth/password')).toEqual({ currentPassword: 'Wrong@111', newPassword: 'Better@123' });
  });

  it('puts a common new password on its field', async () => {
    mockAnn({
      'GET /api/auth/sessions': [session('s1', chrome, true)],
      'POST /api/auth/password': json(
        { statusCode: 400, code: 'COMMON_PASSWORD', message: ACCOUNT_MESSAGES.commonPassword, details: [{ path: 'newPassword', message: ACCOUNT_MESSAGES.commonPassword }] },
        400,
      ),
    });
    renderProfile();
    const form = await screen.findByRole('form', { name: 'Change password' });
    const user = userEvent.setup();
    await user.type(within(form).getByLabelText('Current password'), 'User@1234');
    await user.type(within(form).getByLabelText('New password'), 'Password@1');
    await user.click(within(form).getByRole('button', { name: 'Change password' }));
    expect(await within(form).findByText(ACCOUNT_MESSAGES.commonPassword)).toBeInTheDocument();
    expect(within(form).getByLabelText('New password')).toHaveAttribute('aria-invalid', 'true');
  });

  it('chooses one daily digest for saved-search alerts at once; with mail off the choice waits and says why', async () => {
    const patches: unknown[] = [];
    const { state } = mockAnn({
      'GET /api/auth/sessions': [session('s1', chrome, true)],
      'PATCH /api/users/me': ({ body }: { body?: BodyInit | null }) => {
        const patch = JSON.parse(String(body)) as Partial<typeof ann>;
        patches.push(patch);
        state.user = { ...state.user, ...patch };
        return json({ user: state.user });
      },
    });
    renderProfile();
    const group = await screen.findByRole('group', { name: 'Saved-search alert mails' });
    const live = within(group).getByRole('radio', { name: 'As they come' });
    const digest = within(group).getByRole('radio', { name: 'In one daily digest' });
    expect(live).toBeChecked();
    expect(digest).toHaveAccessibleDescription(/Instant searches too: one mail a day/);
    const user = userEvent.setup();
    await user.click(digest);
    await waitFor(() => expect(popups.showToast).toHaveBeenCalledWith('Saved-search alerts: one daily digest', 'success'));
    expect(patches).toEqual([{ savedSearchDigest: true }]);
    expect(digest).toBeChecked();
    expect(live).not.toBeChecked();

    // Mail off: nothing to choose, and the group says why.
    await user.click(screen.getByRole('switch', { name: 'Email me about requests and messages' }));
    await waitFor(() => expect(digest).toBeDisabled());
    expect(live).toBeDisabled();
    expect(group).toHaveAccessibleDescription('Email is off above, so no alert mail goes: turn it on to choose.');
    expect(digest).toBeChecked();
    await user.click(screen.getByRole('switch', { name: 'Email me about requests and messages' }));
    await waitFor(() => expect(live).toBeEnabled());
    expect(group).not.toHaveAccessibleDescription();
    await user.click(live);
    await waitFor(() => expect(popups.showToast).toHaveBeenCalledWith('Saved-search alerts: mailed as they come', 'success'));
    expect(patches).toEqual([{ savedSearchDigest: true }, { notifyByEmail: false }, { notifyByEmail: true }, { savedSearchDigest: false }]);
  });

  it('goes back to the saved choice and says why when saving it fails', async () => {
    mockAnn({
      'GET /api/auth/sessions': [session('s1', chrome, true)],
      'PATCH /api/users/me': json({ statusCode: 400, code: 'VALIDATION', message: 'savedSearchDigest must be true or false' }, 400),
    });
    renderProfile();
    const group = await screen.findByRole('group', { name: 'Saved-search alert mails' });
    await userEvent.setup().click(within(group).getByRole('radio', { name: 'In one daily digest' }));
    expect(await within(group).findByRole('alert')).toHaveTextContent('savedSearchDigest must be true or false');
    expect(within(group).getByRole('radio', { name: 'As they come' })).toBeChecked();
    expect(popups.showToast).not.toHaveBeenCalled();
  });

  it('lists the sessions and signs out another one after a confirmation', async () => {
    let sessions = [session('s1', chrome, true), session('s2', firefox)];
    const { fetchMock } = mockAnn({
      'GET /api/auth/sessions': () => json(sessions),
      'DELETE /api/auth/sessions/s2': () => {
        sessions = sessions.filter((s) => s._id !== 's2');
        return json({ message: 'Signed out' });
      },
    });
    renderProfile();
    const list = await screen.findByRole('list', { name: 'Sessions' });
    const [here, other] = within(list).getAllByRole('listitem');
    expect(here).toHaveTextContent('Chrome on Linux');
    expect(within(here!).getByText('This device')).toBeInTheDocument();
    expect(other).toHaveTextContent('Firefox on Windows');
    expect(within(other!).queryByText('This device')).not.toBeInTheDocument();
    expect(other).toHaveTextContent(/Signed in .*2026/);

    await userEvent.setup().click(within(other!).getByRole('button', { name: 'Sign out' }));
    expect(popups.confirmAction).toHaveBeenCalledWith('Sign out Firefox on Windows?', expect.any(String), 'Yes, sign it out');
    await waitFor(() => expect(popups.showSuccess).toHaveBeenCalledWith('Firefox on Windows is signed out'));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(1));
    expect(fetchMock).toHaveBeenCalledWith('/api/auth/sessions/s2', expect.objectContaining({ method: 'DELETE' }));
    expect(screen.getByText('You are signed in on this device only.')).toBeInTheDocument();
  });

  it('signs out everywhere else, and does nothing when the confirmation is declined', async () => {
    let sessions = [session('s1', chrome, true), session('s2', firefox), session('s3', '')];
    const { fetchMock } = mockAnn({
      'GET /api/auth/sessions': () => json(sessions),
      'DELETE /api/auth/sessions': () => {
        sessions = sessions.filter((s) => s.current);
        return json({ message: ACCOUNT_MESSAGES.otherSessionsEnded });
      },
    });
    renderProfile();
    const list = await screen.findByRole('list', { name: 'Sessions' });
    expect(within(list).getByText('Unknown device')).toBeInTheDocument();
    const user = userEvent.setup();
    vi.mocked(popups.confirmAction).mockResolvedValueOnce(false);
    await user.click(screen.getByRole('button', { name: 'Sign out everywhere else' }));
    expect(fetchMock.mock.calls.some(([u, init]) => u === '/api/auth/sessions' && init?.method === 'DELETE')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Sign out everywhere else' }));
    await waitFor(() => expect(popups.showSuccess).toHaveBeenCalledWith(ACCOUNT_MESSAGES.otherSessionsEnded));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(1));
    expect(screen.queryByRole('button', { name: 'Sign out everywhere else' })).not.toBeInTheDocument();
  });

  it('signs this device out through Log Out', async () => {
    const { fetchMock } = mockAnn({ 'GET /api/auth/sessions': [session('s1', chrome, true)] });
    renderProfile();
    const list = await screen.findByRole('list', { name: 'Sessions' });
    await userEvent.setup().click(within(list).getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(popups.showSuccess).toHaveBeenCalledWith('Logout Successfully'));
    expect(fetchMock).toHaveBeenCalledWith('/api/auth/logout', expect.objectContaining({ method: 'POST' }));
  });

  it('shows a retry when the sessions cannot load', async () => {
    mockAnn({ 'GET /api/auth/sessions': json({ statusCode: 500, message: 'boom' }, 500) });
    renderProfile();
    expect(await screen.findByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('lists the users Ann blocked and unblocks one', async () => {
    const blocked = { userId: 'u9', name: 'Pushy Pete', photoURL: '', blockedAt: '2026-01-02T09:30:00.000Z' };
    let blocks = [blocked];
    const { fetchMock } = mockAnn({
      'GET /api/auth/sessions': [session('s1', chrome, true)],
      'GET /api/blocks': () => json(blocks),
      'DELETE /api/blocks/u9': () => {
        blocks = [];
        return json({ acknowledged: true, deletedCount: 1 });
      },
    });
    renderProfile();
    const list = await screen.findByRole('list', { name: 'Blocked users' });
    expect(within(list).getByText('Pushy Pete', { selector: 'p' })).toBeInTheDocument();
    await userEvent.click(within(list).getByRole('button', { name: 'Unblock Pushy Pete' }));
    expect(await screen.findByText('You have not blocked anyone.')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url, init]) => String(url).endsWith('/api/blocks/u9') && init?.method === 'DELETE')).toBe(true);
  });
});
