import type { SchemaLandingElement } from '../../../../api/schema';
import type { LandingElementData, LandingElementRecord } from './data';

export const ELEMENT_TYPES = ['heading', 'text', 'image', 'video', 'button', 'lead_form', 'countdown'] as const;
export type ElementType = (typeof ELEMENT_TYPES)[number];
export const FORM_FIELDS = ['first_name', 'last_name', 'email', 'phone', 'city', 'country'] as const;

/** The editor form's values: an element's type, order and content, and a picked image (react-admin's file value). */
export type ElementValues = {
  id?: number;
  type: ElementType;
  order: number;
  content: Record<string, unknown>;
  image_file?: { rawFile?: File; src?: string; title?: string } | null;
};

const inAWeek = () => new Date(Date.now() + 7 * 86_400_000).toISOString();

/** A fresh element of a type, placed at the end of the page. */
export function newElement(type: ElementType, order: number): ElementValues {
  const content: Record<ElementType, Record<string, unknown>> = {
    heading: { text: '', level: 1 },
    text: { html: '' },
    image: { image: '', caption: '', alt: '', link: '' },
    video: { url: '', caption: '' },
    button: { label: '', link: '#form' },
    lead_form: {
      title: '',
      fields: [
        { name: 'first_name', label: '', required: true },
        { name: 'email', label: '', required: true },
        { name: 'phone', label: '', required: false },
      ],
      button_label: '',
      success_message: '',
      send_invitation: false,
    },
    countdown: { target_at: inAWeek(), title: '', expired_text: '' },
  };
  return { type, order, content: content[type] };
}

export const valuesOf = (e: LandingElementRecord): ElementValues => ({
  id: e.id,
  type: e.type,
  order: e.order,
  content: { ...e.content },
});

const OPTIONAL_TEXTS = new Set(['caption', 'alt', 'title', 'expired_text', 'button_label', 'success_message']);

/** Form values → what the adapter saves: optional texts dropped when empty, dates as ISO, the picked file. */
export function toData(flowId: number, v: ElementValues): LandingElementData {
  const c = Object.fromEntries(
    Object.entries(v.content).filter(([k, value]) => !(OPTIONAL_TEXTS.has(k) && (value === '' || value == null))),
  );
  if (v.type === 'image' && !c.link) c.link = null;
  if (v.type === 'countdown' && c.target_at)
    c.target_at = new Date(c.target_at as string | number | Date).toISOString();
  if (v.type === 'lead_form') {
    c.fields = (c.fields as Array<Record<string, unknown>>).map((f) => ({
      name: f.name,
      required: !!f.required,
      ...(f.label ? { label: f.label } : {}),
    }));
  }
  const file = v.image_file?.rawFile;
  return {
    flow_id: flowId,
    type: v.type,
    order: v.order,
    content: c,
    ...(file && { image_file: file }),
  } as LandingElementData;
}

/** Element content as the preview reads it, typed loosely: the editor shows half-filled elements too. */
export type AnyElement = Pick<SchemaLandingElement, 'type'> & {
  content: Record<string, unknown>;
  previewImage?: string;
};
