import { api, ApiError, unwrap } from '../../../../api/client';
import type {
  SchemaLandingElement,
  SchemaLandingElementsResponse,
  SchemaLandingElementWrite,
} from '../../../../api/schema';
import type { ResourceAdapter } from '../../../providers/data/types';
import { isRecordId } from '../../../common/urlState';

/** A landing element as react-admin sees it: the contract's element plus the flow it belongs to. */
export type LandingElementRecord = SchemaLandingElement & { flow_id: number };
/** What the editor saves; an image element may carry a picked file instead of an uploaded URL. */
export type LandingElementData = SchemaLandingElementWrite & { flow_id: number; image_file?: File };

const records = (flowId: number, res: SchemaLandingElementsResponse) => ({
  data: res.elements.map((e): LandingElementRecord => ({ ...e, flow_id: flowId })),
  total: res.elements.length,
  meta: { can_add_elements: res.can_add_elements },
});

const flowOf = (value: unknown): number => {
  const id = Number(value);
  if (!isRecordId(id)) throw new Error('landing-elements needs a flow_id');
  return id;
};

const load = (flowId: number) =>
  unwrap(api.GET('/user_flows/landing_edit/{id}/', { params: { path: { id: flowId } } }));

const toWrite = ({ type, order, content }: LandingElementData) =>
  ({ type, order, content }) as SchemaLandingElementWrite;

/** An image element with a picked file goes as multipart (LandingImageUpload); anything else as JSON. */
function bodyOf(data: LandingElementData) {
  if (data.type !== 'image' || !data.image_file) return { body: toWrite(data) };
  const form = new FormData();
  form.append('type', 'image');
  form.append('order', String(data.order));
  form.append('caption', data.content.caption ?? '');
  form.append('alt', data.content.alt ?? '');
  if (data.content.link) form.append('link', data.content.link);
  form.append('image', data.image_file, data.image_file.name);
  // The typed body names the JSON shape; the request itself is the multipart form.
  return { body: toWrite(data), bodySerializer: () => form };
}

/**
 * `landing-elements` → user_flows/landing_edit/{flow}/: the elements of one flow's landing, always
 * asked for by flow (getManyReference with target flow_id, or getList with a flow_id filter). Writes
 * answer the whole page; the written element is picked out of it.
 */
export const landingElementsAdapter: ResourceAdapter = {
  async getList(_resource, { filter }) {
    const flowId = flowOf(((filter ?? {}) as { flow_id?: unknown }).flow_id);
    return records(flowId, await load(flowId));
  },
  async getManyReference(_resource, { id }) {
    const flowId = flowOf(id);
    return records(flowId, await load(flowId));
  },
  async create(_resource, { data }) {
    const d = data as LandingElementData;
    const flowId = flowOf(d.flow_id);
    const res = await unwrap(
      api.POST('/user_flows/landing_edit/{id}/', { params: { path: { id: flowId } }, ...bodyOf(d) }),
    );
    // The new element is the one with the highest id (ids only grow).
    const created = res.elements.reduce<SchemaLandingElement | undefined>(
      (a, e) => (!a || e.id > a.id ? e : a),
      undefined,
    );
    if (!created) throw new ApiError(500, { detail: 'No element created.' });
    return { data: { ...created, flow_id: flowId } };
  },
  async update(_resource, { id, data, previousData }) {
    const d = {
      ...(previousData as LandingElementData),
      ...(data as Partial<LandingElementData>),
    } as LandingElementData;
    const flowId = flowOf(d.flow_id);
    const res = await unwrap(
      api.PUT('/user_flows/landing_edit/{id}/{elementId}/', {
        params: { path: { id: flowId, elementId: Number(id) } },
        ...bodyOf(d),
      }),
    );
    const saved = res.elements.find((e) => e.id === Number(id));
    if (!saved) throw new ApiError(404, { detail: 'Not found.', code: 'not_found' });
    return { data: { ...saved, flow_id: flowId } };
  },
  async delete(_resource, { id, previousData }) {
    const flowId = flowOf((previousData as Partial<LandingElementRecord> | undefined)?.flow_id);
    await unwrap(
      api.DELETE('/user_flows/landing_edit/{id}/{elementId}/', {
        params: { path: { id: flowId, elementId: Number(id) } },
      }),
    );
    return { data: previousData ?? { id } };
  },
};
