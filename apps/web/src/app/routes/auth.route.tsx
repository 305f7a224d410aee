import { Navigate, useLocation, useNavigate, useParams } from 'react-router';
import { useLoadedAppData } from '@playz/queries';
import { requestedUrlFrom } from '@/lib/requested-url';
import { ChangePasswordPage } from '@/features/auth/components/change-password-page';
import { ForgotLoginPage } from '@/features/auth/components/forgot-login-page';
import { ForgotPasswordPage } from '@/features/auth/components/forgot-password-page';
import { LinkApprovalPage } from '@/features/auth/components/link-approval-page';
import { RegisterPage } from '@/features/auth/components/register-page';
import { SignInChoicePage } from '@/features/auth/components/sign-in-choice-page';
import { SocialDeletionPage } from '@/features/auth/components/social-deletion-page';
import { ErrorPage } from '@/features/errors/components/error-page';

/** /customer/register: success goes to requested_url, else / (spec 1 §4). */
export function RegisterRoute() {
  const { App, Customer } = useLoadedAppData();
  const navigate = useNavigate();
  const requestedUrl = requestedUrlFrom(useLocation().search);
  if (Customer.logged) return <Navigate to={requestedUrl} replace />;
  return (
    <RegisterPage
      providers={App.singleSignOns}
      requestedUrl={requestedUrl}
      onSuccess={() => void navigate(requestedUrl, { replace: true })}
    />
  );
}

/** /customer/authentication: the sign-in choice (spec 1 §2). */
export function SignInChoiceRoute() {
  const { App, Customer } = useLoadedAppData();
  const requestedUrl = requestedUrlFrom(useLocation().search);
  if (Customer.logged) return <Navigate to={requestedUrl} replace />;
  return <SignInChoicePage providers={App.singleSignOns} requestedUrl={requestedUrl} />;
}

/** /customer/forgot-password?email= (spec 1 §2: the e-mail may be prefilled). */
export function ForgotPasswordRoute() {
  const email = new URLSearchParams(useLocation().search).get('email') ?? '';
  return <ForgotPasswordPage initialEmail={email} />;
}

export function ForgotLoginRoute() {
  const { App } = useLoadedAppData();
  return <ForgotLoginPage helpEmail={App.publisher.email} />;
}

/** /customer/change-password?secret= (spec 1 §2, §4). */
export function ChangePasswordRoute() {
  const secret = new URLSearchParams(useLocation().search).get('secret') ?? '';
  return <ChangePasswordPage key={secret} secret={secret} notFound={<ErrorPage kind="not-found" />} />;
}

/** /customer/sso/deletion/:code: a provider's data-deletion request, followed (decision 086). */
export function SocialDeletionRoute() {
  const code = useParams().code ?? '';
  return <SocialDeletionPage key={code} code={code} />;
}

/** /customer/link?code=: a logged phone approves a TV's link code (decision 011). */
export function LinkApprovalRoute() {
  const { Customer } = useLoadedAppData();
  const code = new URLSearchParams(useLocation().search).get('code')?.trim() ?? '';
  return <LinkApprovalPage code={code} isLogged={Customer.logged} login={Customer.login} />;
}
