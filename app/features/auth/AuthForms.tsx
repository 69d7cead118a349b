import { useSelector } from '@xstate/react';
import { useId, type FormEvent, type ReactNode } from 'react';
import styled from 'styled-components';
import { authMaxLengths } from '../../../api/domain/auth';
import { messages } from '../../../api/domain/messages';
import { Button, Notice, PasswordField, TextField, theme, type ValidationState } from '../../../ui';
import { IntentField } from '../forms';
import type { AuthFormActorRef } from './authFormMachine';
import { authIntents } from './intents';
import { authTexts } from './texts';
import { verifyTexts } from './verifyTexts';

const labels = messages.auth.labels;

const Form = styled.form`
  display: grid;
  gap: ${theme.space[3]};
  max-width: 32rem;
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${theme.space[3]};
`;

interface FieldSpec {
  name: string;
  label: string;
  kind: 'text' | 'email' | 'password' | 'new-password';
  autoComplete?: string;
  maxLength?: number;
  description?: string;
}

function stateOf(submitted: boolean, error: string | undefined): ValidationState {
  if (!submitted) return 'neutral';
  return error ? 'danger' : 'success';
}

/**
 * What every account form takes. `action` is the page the form posts to without JavaScript (the
 * page it is on, with its query); with JavaScript the machine sends it instead.
 */
export interface AuthFormProps {
  actor: AuthFormActorRef;
  footer?: ReactNode;
  action?: string;
}

/**
 * One account form: its fields from the machine, its problem above the button. Without
 * JavaScript it is an ordinary `method="post"` form (its `intent`, its fields by name and any
 * `hidden` values such as a link's token); with it, the machine handles Submit.
 */
function AuthFormView({
  actor,
  label,
  fields,
  submitLabel,
  footer,
  intent,
  action,
  hidden = [],
}: {
  actor: AuthFormActorRef;
  label: string;
  fields: FieldSpec[];
  submitLabel: string;
  footer?: ReactNode;
  intent: string;
  action?: string;
  /** Fields sent as they are in the machine's values, never shown (a link's token). */
  hidden?: string[];
}) {
  const snapshot = useSelector(actor, (s) => s);
  const { values, fieldErrors, submitted, problem } = snapshot.context;
  const busy = snapshot.matches('validating') || snapshot.matches('submitting');
  const done = snapshot.matches('done');
  const canType = snapshot.can({ type: 'CHANGE', field: fields[0]?.name ?? '', value: '' });
  const problemId = useId();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    actor.send({ type: 'SUBMIT' });
  };

  return (
    <Form
      method="post"
      action={action}
      aria-label={label}
      noValidate
      onSubmit={onSubmit}
      aria-describedby={problem ? problemId : undefined}
      data-state={JSON.stringify(snapshot.value)}
    >
      <IntentField intent={intent} />
      {hidden.map((name) => (
        <input key={name} type="hidden" name={name} value={values[name] ?? ''} />
      ))}
      {fields.map((field) => {
        const error = (fieldErrors as Record<string, string | undefined>)[field.name];
        const common = {
          label: field.label,
          value: values[field.name] ?? '',
          onChange: (value: string) => actor.send({ type: 'CHANGE', field: field.name, value }),
          isReadOnly: !canType || busy || done,
          isRequired: true,
          errorMessage: error,
          validationState: stateOf(submitted, error),
          description: field.description,
          name: field.name,
        };
        return field.kind === 'password' || field.kind === 'new-password' ? (
          <PasswordField
            key={field.name}
            {...common}
            autoComplete={field.kind === 'password' ? 'current-password' : 'new-password'}
            toggleLabels={{
              show: authTexts.fields.showPassword,
              hide: authTexts.fields.hidePassword,
            }}
          />
        ) : (
          <TextField
            key={field.name}
            {...common}
            type={field.kind === 'email' ? 'email' : 'text'}
            autoComplete={field.autoComplete}
            maxLength={field.maxLength}
          />
        );
      })}
      {problem ? (
        <Notice variant="danger" id={problemId} role="alert">
          {problem}
        </Notice>
      ) : null}
      <Actions>
        <Button type="submit" isPending={busy} isDisabled={done}>
          {submitLabel}
        </Button>
        {footer}
      </Actions>
    </Form>
  );
}

const emailField: FieldSpec = {
  name: 'email',
  label: labels.email,
  kind: 'email',
  autoComplete: 'email',
  maxLength: authMaxLengths.email,
};

export function LoginForm({ actor, footer, action }: AuthFormProps) {
  return (
    <AuthFormView
      actor={actor}
      intent={authIntents.login}
      action={action}
      label={authTexts.login.formLabel}
      submitLabel={authTexts.login.submit}
      footer={footer}
      fields={[emailField, { name: 'password', label: labels.password, kind: 'password' }]}
    />
  );
}

export function RegisterForm({ actor, footer, action }: AuthFormProps) {
  return (
    <AuthFormView
      actor={actor}
      intent={authIntents.register}
      action={action}
      label={authTexts.register.formLabel}
      submitLabel={authTexts.register.submit}
      footer={footer}
      fields={[
        {
          name: 'fullName',
          label: labels.fullName,
          kind: 'text',
          autoComplete: 'name',
          maxLength: authMaxLengths.fullName,
        },
        emailField,
        {
          name: 'password',
          label: labels.password,
          kind: 'new-password',
          description: authTexts.register.passwordHint,
        },
      ]}
    />
  );
}

export function ForgotForm({ actor, footer, action }: AuthFormProps) {
  return (
    <AuthFormView
      actor={actor}
      intent={authIntents.forgot}
      action={action}
      label={authTexts.forgot.formLabel}
      submitLabel={authTexts.forgot.submit}
      footer={footer}
      fields={[emailField]}
    />
  );
}

/**
 * The confirmation page's form: the password chosen with the link (the registration's, or the
 * account's for a change of address); the link's token goes with the button.
 */
export function VerifyEmailForm({ actor, footer, action }: AuthFormProps) {
  return (
    <AuthFormView
      actor={actor}
      intent={authIntents.verify}
      action={action}
      hidden={['token']}
      label={authTexts.verify.formLabel}
      submitLabel={authTexts.verify.submit}
      footer={footer}
      fields={[
        {
          name: 'password',
          label: labels.password,
          kind: 'password',
          description: verifyTexts.passwordHint,
        },
      ]}
    />
  );
}

export function ResetForm({ actor, footer, action }: AuthFormProps) {
  return (
    <AuthFormView
      actor={actor}
      intent={authIntents.reset}
      action={action}
      hidden={['token']}
      label={authTexts.reset.formLabel}
      submitLabel={authTexts.reset.submit}
      footer={footer}
      fields={[
        {
          name: 'password',
          label: labels.newPassword,
          kind: 'new-password',
          description: authTexts.register.passwordHint,
        },
      ]}
    />
  );
}
