import { messages } from '@tcg/domain';
import { type FormEvent, useId, useRef, useState } from 'react';
import { useToast } from '@/components/ui/toast/toast-provider';
import { ApiError } from '@/lib/api-client';
import { AdminDialog } from '../../admin-dialog';
import type { AdminSlide } from '../api/get-slides';
import { parseSlideForm, type SlideForm, useSaveSlide } from '../api/save-slide';
import '../../content-admin.css';

/**
 * What the shop takes in each field it may refuse (ADR 0005 §7), said under the field the API named while
 * the toast says the spec's 'Error al guardar el slide'.
 */
export const SLIDE_FIELD_RULES = {
  order: 'Escribe un número entero entre -1000000 y 1000000.',
  title: 'Escribe el título en una línea, sin caracteres que cambian la dirección del texto.',
  alt: 'Escribe el texto en una línea, sin caracteres que cambian la dirección del texto.',
  desktopUrl: 'Usa una imagen de la tienda o una dirección que empiece con https://.',
  mobileUrl: 'Usa una imagen de la tienda o una dirección que empiece con https://.',
  link: 'Usa una página de la tienda (/search?q=...) o una dirección que empiece con http:// o https://.',
} as const;
type CheckedField = keyof typeof SLIDE_FIELD_RULES;
const isCheckedField = (field: string | undefined): field is CheckedField => field !== undefined && field in SLIDE_FIELD_RULES;

const emptyForm: SlideForm = { title: '', desktopUrl: '', mobileUrl: '', link: '', alt: '', order: '0', visible: true };

/**
 * The slide's fields as the dialog edits them. An alt text the shop took from the title (left blank when
 * the slide was saved) is blank again, so it follows an edited title (QA: it kept the old one).
 */
function formOf(slide: AdminSlide): SlideForm {
  const { title, desktopUrl, mobileUrl, link, alt, order, visible } = slide;
  const ownAlt = alt === (title ?? '') ? '' : alt;
  return { title: title ?? '', desktopUrl, mobileUrl: mobileUrl ?? '', link: link ?? '', alt: ownAlt, order: String(order), visible };
}

interface SlideDialogProps {
  /** The slide to edit (ADR 0005 §15), or null to add one. */
  editing: AdminSlide | null;
  onClose(): void;
}

/** Spec §2 Admin slider: the add dialog, with the suggested image sizes; the same fields edit a slide. */
export function SlideDialog({ editing, onClose }: SlideDialogProps) {
  const [initial] = useState(() => (editing ? formOf(editing) : emptyForm));
  const [form, setForm] = useState(initial);
  const save = useSaveSlide();
  const toast = useToast();
  const problemId = useId();
  // The field the last save was refused for, and why; it takes the focus, and typing in it ends the refusal.
  const [problem, setProblem] = useState<{ field: CheckedField; text: string } | null>(null);
  const inputs = {
    title: useRef<HTMLInputElement>(null),
    order: useRef<HTMLInputElement>(null),
    alt: useRef<HTMLInputElement>(null),
    desktopUrl: useRef<HTMLInputElement>(null),
    mobileUrl: useRef<HTMLInputElement>(null),
    link: useRef<HTMLInputElement>(null),
  };
  const refuse = (field: CheckedField, text: string) => {
    setProblem({ field, text });
    inputs[field].current?.focus();
  };

  const field = (name: keyof Omit<SlideForm, 'visible'>) => ({
    value: form[name],
    onChange: (event: { target: { value: string } }) => {
      setForm((current) => ({ ...current, [name]: event.target.value }));
      setProblem((current) => (current?.field === name ? null : current));
    },
  });
  const checked = (name: CheckedField) => ({
    ...field(name),
    ref: inputs[name],
    'aria-invalid': problem?.field === name || undefined,
    'aria-describedby': problem?.field === name ? problemId : undefined,
  });
  const problemUnder = (name: CheckedField) =>
    problem?.field === name && (
      <small id={problemId} className="ca-error">
        {problem.text}
      </small>
    );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = parseSlideForm(form);
    if (!parsed.ok) {
      // Spec §5: an alert, not a toast; then the field it is about.
      window.alert(parsed.message);
      return refuse('desktopUrl', parsed.message);
    }
    save.mutate({ slide: parsed.slide, id: editing?.id }, {
      onSuccess: () => {
        toast.settle();
        toast.success(messages.admin.slides.saved);
        onClose();
      },
      onError: (error) => {
        toast.error(messages.admin.slides.saveFailed);
        if (error instanceof ApiError && isCheckedField(error.field)) refuse(error.field, SLIDE_FIELD_RULES[error.field]);
      },
    });
  };

  return (
    <AdminDialog
      title={editing ? 'Editar slide' : 'Agregar slide'}
      dirty={JSON.stringify(form) !== JSON.stringify(initial)}
      onClose={onClose}
      onSubmit={submit}
      pending={save.isPending}
      submitLabel="Guardar"
      formClassName="ca-form"
    >
      <p className="ca-muted">
        Tamaños sugeridos: escritorio 2000×720 (o 1920×700); móvil 1080×720. Las imágenes, con https:// o de la tienda.
      </p>
      <div className="ca-field">
        <label>
          Título (opcional)
          <input maxLength={200} {...checked('title')} />
        </label>
        {problemUnder('title')}
      </div>
      <div className="ca-field">
        <label>
          URL de la imagen de escritorio
          <input type="url" required {...checked('desktopUrl')} placeholder="https://..." />
        </label>
        {problemUnder('desktopUrl')}
      </div>
      <div className="ca-field">
        <label>
          URL de la imagen móvil (opcional)
          <input type="url" {...checked('mobileUrl')} placeholder="https://..." />
        </label>
        {problemUnder('mobileUrl')}
      </div>
      <div className="ca-field">
        <label>
          Enlace (opcional)
          <input {...checked('link')} placeholder="/search?q=..." />
        </label>
        {problemUnder('link')}
      </div>
      <div className="ca-field">
        <label>
          Texto alternativo
          <input maxLength={200} placeholder="Vacío: el del título" {...checked('alt')} />
        </label>
        {problemUnder('alt')}
      </div>
      <div className="ca-field">
        <label>
          Orden
          <input inputMode="numeric" {...checked('order')} />
        </label>
        {problemUnder('order')}
      </div>
      <label className="ca-check">
        <input type="checkbox" checked={form.visible} onChange={(event) => setForm({ ...form, visible: event.target.checked })} />
        Visible
      </label>
    </AdminDialog>
  );
}
