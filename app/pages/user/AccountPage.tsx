import { useState, type FormEvent, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import {
  validateAccount,
  validateChangePassword,
  validateDeleteAccount,
  type AuthValidation,
} from '../../../api/domain/auth';
import { messages } from '../../../api/domain/messages';
import {
  Button,
  Heading,
  Notice,
  PasswordField,
  Text,
  TextField,
  theme,
  useToasts,
} from '../../../ui';
import {
  authIntents,
  AuthNetworkError,
  authTexts,
  deleteMe,
  isSuccess,
  patchMe,
  postChangePassword,
  useSession,
  useSessionUser,
  type AuthAnswer,
  type SessionUser,
} from '../../features/auth';
import { PageForm } from '../../features/forms';
import { AccountPageFrame } from './AccountPageFrame';
import { useKeptValues } from './useAuthForm';

const labels = messages.auth.labels;
const t = authTexts.account;
const toggleLabels = { show: authTexts.fields.showPassword, hide: authTexts.fields.hidePassword };

/** A `method="post"` form to this page (without JavaScript the server runs it: api/ssr/forms). */
const Form = styled(PageForm)`
  display: grid;
  gap: ${theme.space[3]};
  max-width: 36rem;
  padding-top: ${theme.space[4]};
  border-top: 1px solid ${theme.colors.border};
`;

type Values = Record<string, string>;

/** One small account form: the shared schema first, then the API; problems in the notices. */
function useAccountForm(
  initial: Values,
  validate: (values: Values) => AuthValidation<unknown>,
  send: (values: Values) => Promise<AuthAnswer>,
  onSuccess: (answer: AuthAnswer) => void,
) {
  const toaster = useToasts();
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const field = (name: string) => ({
    name,
    value: values[name] ?? '',
    onChange: (value: string) => setValues((v) => ({ ...v, [name]: value })),
    errorMessage: errors[name],
    validationState: errors[name] ? ('danger' as const) : ('neutral' as const),
    isReadOnly: busy,
  });
  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = validate(values);
    if (!checked.ok) {
      setErrors(checked.fieldErrors);
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const answer = await send(values);
      if (isSuccess(answer)) onSuccess(answer);
      else {
        setErrors(answer.fieldErrors ?? {});
        toaster.danger(answer.message);
      }
    } catch (error) {
      toaster.danger(error instanceof AuthNetworkError ? error.message : authTexts.networkFailure);
    } finally {
      setBusy(false);
    }
  };
  return {
    values,
    setValues,
    field,
    busy,
    onSubmit: (e: FormEvent<HTMLFormElement>) => void onSubmit(e),
  };
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <>
      <Heading level={2}>{title}</Heading>
      {children}
    </>
  );
}

/** The details form's fields put back after the server refused them (never the password). */
const detailsKept = [
  'fullName',
  'email',
  'phone',
  'addressLine1',
  'addressLine2',
  'town',
  'postcode',
] as const;

function DetailsForm({ user }: { user: SessionUser }) {
  const session = useSession();
  const toaster = useToasts();
  const kept = useKeptValues(authIntents.accountDetails, detailsKept);
  const form = useAccountForm(
    {
      fullName: user.fullName,
      email: user.email,
      phone: user.phone ?? '',
      addressLine1: user.addressLine1 ?? '',
      addressLine2: user.addressLine2 ?? '',
      town: user.town ?? '',
      postcode: user.postcode ?? '',
      currentPassword: '',
      ...kept,
    },
    validateAccount,
    (values) => patchMe(values),
    (answer) => {
      const saved = answer.user;
      if (saved) session.send({ type: 'UPDATED', user: saved });
      // A new e-mail address waits for the link sent to it: the form shows the current one.
      form.setValues((v) => ({ ...v, email: saved?.email ?? v.email ?? '', currentPassword: '' }));
      toaster.success(answer.message || t.saved);
    },
  );
  const emailChanged = form.values.email?.trim().toLowerCase() !== user.email;
  return (
    <Form
      intent={authIntents.accountDetails}
      aria-label={t.details}
      noValidate
      onSubmit={form.onSubmit}
    >
      <TextField
        label={labels.fullName}
        autoComplete="name"
        isRequired
        {...form.field('fullName')}
      />
      <TextField
        label={labels.email}
        type="email"
        autoComplete="email"
        isRequired
        {...form.field('email')}
      />
      {emailChanged ? (
        <PasswordField
          label={labels.currentPassword}
          toggleLabels={toggleLabels}
          {...form.field('currentPassword')}
        />
      ) : null}
      <TextField label={labels.phone} type="tel" autoComplete="tel" {...form.field('phone')} />
      <TextField
        label={labels.addressLine1}
        autoComplete="address-line1"
        {...form.field('addressLine1')}
      />
      <TextField
        label={labels.addressLine2}
        autoComplete="address-line2"
        {...form.field('addressLine2')}
      />
      <TextField label={labels.town} autoComplete="address-level2" {...form.field('town')} />
      <TextField label={labels.postcode} autoComplete="postal-code" {...form.field('postcode')} />
      <div>
        <Button type="submit" isPending={form.busy}>
          {t.save}
        </Button>
      </div>
    </Form>
  );
}

function ChangePasswordForm() {
  const toaster = useToasts();
  const form = useAccountForm(
    { currentPassword: '', password: '' },
    validateChangePassword,
    (values) =>
      postChangePassword({
        currentPassword: values.currentPassword ?? '',
        password: values.password ?? '',
      }),
    (answer) => {
      form.setValues({ currentPassword: '', password: '' });
      toaster.success(answer.message || t.passwordChanged);
    },
  );
  return (
    <Form
      intent={authIntents.changePassword}
      aria-label={t.passwordTitle}
      noValidate
      onSubmit={form.onSubmit}
    >
      <PasswordField
        label={labels.currentPassword}
        toggleLabels={toggleLabels}
        isRequired
        {...form.field('currentPassword')}
      />
      <PasswordField
        label={labels.newPassword}
        autoComplete="new-password"
        toggleLabels={toggleLabels}
        description={authTexts.register.passwordHint}
        isRequired
        {...form.field('password')}
      />
      <div>
        <Button type="submit" isPending={form.busy}>
          {t.changePassword}
        </Button>
      </div>
    </Form>
  );
}

function DeleteAccountForm() {
  const session = useSession();
  const toaster = useToasts();
  const navigate = useNavigate();
  /** Why the account was not deleted (an order still to be delivered): shown until sent again. */
  const [refusal, setRefusal] = useState<string | null>(null);
  const form = useAccountForm(
    { currentPassword: '' },
    validateDeleteAccount,
    async (values) => {
      setRefusal(null);
      const answer = await deleteMe({ currentPassword: values.currentPassword ?? '' });
      if (answer.code === 409) setRefusal(answer.message);
      return answer;
    },
    (answer) => {
      session.send({ type: 'SESSION_ENDED' });
      toaster.success(answer.message || t.deleted);
      void navigate('/', { replace: true });
    },
  );
  return (
    <Form
      intent={authIntents.deleteAccount}
      aria-label={t.deleteTitle}
      noValidate
      onSubmit={form.onSubmit}
    >
      <Notice variant="warning">{t.deleteIntro}</Notice>
      {refusal ? <Notice variant="danger">{refusal}</Notice> : null}
      <PasswordField
        label={t.deleteConfirm}
        toggleLabels={toggleLabels}
        isRequired
        {...form.field('currentPassword')}
      />
      <div>
        <Button type="submit" variant="secondary" isPending={form.busy}>
          {t.deleteButton}
        </Button>
      </div>
    </Form>
  );
}

/** /user/account: the customer's details, their password, and deleting the account. */
export default function AccountPage() {
  const user = useSessionUser();
  return (
    <AccountPageFrame title={t.pageTitle} intro={t.description}>
      {user ? (
        <>
          <Section title={t.details}>
            <DetailsForm user={user} />
          </Section>
          <Section title={t.passwordTitle}>
            <ChangePasswordForm />
          </Section>
          <Section title={t.deleteTitle}>
            <DeleteAccountForm />
          </Section>
        </>
      ) : (
        <Text>{messages.auth.notSignedIn}</Text>
      )}
    </AccountPageFrame>
  );
}
