import { zodResolver } from '@hookform/resolvers/zod';
import { ContactBody } from '@olden/contracts';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Field, FormAlert } from '@/components/form-field';
import { errorMessage } from '@/lib/api-client';
import { showSuccess } from '@/lib/popups';
import { useSendContact } from '../api/send-contact';

export function ContactForm({ defaultName = '', defaultEmail = '' }: { defaultName?: string; defaultEmail?: string }) {
  const mutation = useSendContact();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(ContactBody),
    defaultValues: { name: defaultName, email: defaultEmail, subject: '', phone: '', message: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      await mutation.mutateAsync(values);
      reset({ name: defaultName, email: defaultEmail, subject: '', phone: '', message: '' });
      void showSuccess('Good job! Message has been sent successfully!');
    } catch (err) {
      setFormError(errorMessage(err));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label="Contact us">
      <FormAlert message={formError} />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Name" error={errors.name?.message}>
          {({ id, describedBy, invalid }) => <input id={id} autoComplete="name" className="input w-full" aria-invalid={invalid} aria-describedby={describedBy} {...register('name')} />}
        </Field>
        <Field label="Email" error={errors.email?.message}>
          {({ id, describedBy, invalid }) => <input id={id} type="email" autoComplete="email" className="input w-full" aria-invalid={invalid} aria-describedby={describedBy} {...register('email')} />}
        </Field>
        <Field label="Subject" error={errors.subject?.message}>
          {({ id, describedBy, invalid }) => <input id={id} className="input w-full" aria-invalid={invalid} aria-describedby={describedBy} {...register('subject')} />}
        </Field>
        <Field label="Phone" error={errors.phone?.message}>
          {({ id, describedBy, invalid }) => <input id={id} type="tel" autoComplete="tel" className="input w-full" aria-invalid={invalid} aria-describedby={describedBy} {...register('phone')} />}
        </Field>
      </div>
      <Field label="Message" error={errors.message?.message}>
        {({ id, describedBy, invalid }) => <textarea id={id} rows={6} className="textarea w-full" aria-invalid={invalid} aria-describedby={describedBy} {...register('message')} />}
      </Field>
      <button type="submit" className="btn btn-primary" disabled={isSubmitting}>
        {isSubmitting && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
        Send Message
      </button>
    </form>
  );
}
