import { SignInPage } from '@/features/auth/components/sign-in-page';

export default function GuestOrLoginRoute() {
  return <SignInPage />;
}
