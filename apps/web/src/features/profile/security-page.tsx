import Stack from '@mui/material/Stack';
import { ConnectedAppsCard } from './components/connected-apps-card';
import { EmailCard, PhoneCard } from './components/contact-cards';
import { NationalCodeCard, UsernameCard } from './components/identity-cards';
import { PasskeysCard } from './components/passkeys-card';
import { PasswordCard } from './components/password-card';
import { SessionsCard } from './components/sessions-card';
import { TwoFaCard } from './components/two-fa-card';

/** /profile/security: username, national code, password, e-mail, phone, two-factor method, passkeys, sessions and connected applications. */
export function SecurityPage() {
  return (
    <Stack sx={{ gap: 3 }}>
      <UsernameCard />
      <NationalCodeCard />
      <PasswordCard />
      <EmailCard />
      <PhoneCard />
      <TwoFaCard />
      <PasskeysCard />
      <SessionsCard />
      <ConnectedAppsCard />
    </Stack>
  );
}
