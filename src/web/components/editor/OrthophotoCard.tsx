// The building step's drone orthophoto card (issue 7): upload a PNG or JPEG, then lay it under the
// drawing by its ground resolution [m/px], the plan position of its centre [m] and its turn
// (counter-clockwise [°]); every change is an editor change of the building document's
// map.orthophoto (so it is undoable and saved with the design) and shows the orthophoto as the base.
import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Flex, Form, InputNumber, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ORTHOPHOTO_LIMITS } from '../../../model/api/orthophoto.ts';
import type { OrthophotoPlacement } from '../../../model/design.ts';
import { ApiError } from '../../api/http.ts';
import type { Editor, EditorSnapshot } from '../../editor/Editor.ts';
import { DEFAULT_METRES_PER_PIXEL, newPlacement, orthophotoGroundSize, withOrthophoto, withoutOrthophoto } from '../../editor/map/orthophoto.ts';
import { uploadOrthophoto } from '../../editor/map/orthophoto-api.ts';

export interface OrthophotoCardProps {
  editor: Editor;
  snapshot: EditorSnapshot;
  projectId: number;
}

const ACCEPT = '.png,.jpg,.jpeg,image/png,image/jpeg';
const SET_LABEL = 'editor.history.setOrthophoto';
const REMOVE_LABEL = 'editor.history.removeOrthophoto';

/** Ground resolution limits of the document's schema [m px⁻¹]. */
const MIN_MPP = 0.001;
const MAX_MPP = 100;

export function OrthophotoCard({ editor, snapshot, projectId }: OrthophotoCardProps) {
  const { t } = useTranslation();
  const placement = snapshot.committed.building.map.orthophoto;
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const apply = (next: OrthophotoPlacement) => editor.change((d) => withOrthophoto(d, next), SET_LABEL);
  const edit = (patch: Partial<Omit<OrthophotoPlacement, 'id' | 'widthPx' | 'heightPx'>>) => placement && apply({ ...placement, ...patch });

  const send = async (file: File) => {
    setError(null);
    if (file.size > ORTHOPHOTO_LIMITS.maxBytes) {
      setError(t('editor.ortho.tooLarge', { mb: ORTHOPHOTO_LIMITS.maxBytes / 1024 / 1024 }));
      return;
    }
    setBusy(true);
    try {
      const up = await uploadOrthophoto(projectId, file, file.name);
      // A replacement keeps the previous image's place and scale: usually the same flight, re-exported.
      const at = placement ? { x: placement.centerX, y: placement.centerY } : { x: 0, y: 0 };
      apply(newPlacement(up, at, placement?.metresPerPixel ?? DEFAULT_METRES_PER_PIXEL));
    } catch (e) {
      setError(e instanceof ApiError && e.message ? e.message : t('editor.ortho.uploadFailed'));
    } finally {
      setBusy(false);
    }
  };

  const ground = placement ? orthophotoGroundSize(placement) : null;
  return (
    <Card size="small" title={t('editor.ortho.title')} data-testid="orthophoto-card">
      <Flex vertical gap={8}>
        {!placement && <Typography.Text type="secondary">{t('editor.ortho.hint', { mb: ORTHOPHOTO_LIMITS.maxBytes / 1024 / 1024, px: ORTHOPHOTO_LIMITS.maxSidePx })}</Typography.Text>}
        <Flex gap={8} wrap>
          <Upload
            accept={ACCEPT}
            showUploadList={false}
            maxCount={1}
            beforeUpload={(file) => {
              void send(file);
              return Upload.LIST_IGNORE;
            }}
          >
            <Button icon={<UploadOutlined />} loading={busy} data-testid="orthophoto-upload">
              {placement ? t('editor.ortho.replace') : t('editor.ortho.upload')}
            </Button>
          </Upload>
          {placement && (
            <Button icon={<DeleteOutlined />} onClick={() => editor.change(withoutOrthophoto, REMOVE_LABEL)} data-testid="orthophoto-remove">
              {t('editor.ortho.remove')}
            </Button>
          )}
        </Flex>
        {error && <Alert type="error" showIcon message={error} data-testid="orthophoto-error" closable onClose={() => setError(null)} />}
        {placement && ground && (
          <>
            <Typography.Text type="secondary" data-testid="orthophoto-size">
              {t('editor.ortho.size', { w: placement.widthPx, h: placement.heightPx, gw: ground.width.toFixed(1), gh: ground.height.toFixed(1) })}
            </Typography.Text>
            <Form layout="vertical" size="small">
              <Form.Item label={t('editor.ortho.resolution')} tooltip={t('editor.ortho.resolutionHelp')}>
                <InputNumber
                  min={MIN_MPP}
                  max={MAX_MPP}
                  step={0.001}
                  precision={4}
                  value={placement.metresPerPixel}
                  addonAfter="m/px"
                  data-testid="orthophoto-mpp"
                  onChange={(v) => typeof v === 'number' && v >= MIN_MPP && v <= MAX_MPP && edit({ metresPerPixel: v })}
                />
              </Form.Item>
              <Flex gap={8}>
                <Form.Item label={t('editor.ortho.centerX')}>
                  <InputNumber step={0.5} precision={2} value={placement.centerX} addonAfter="m" data-testid="orthophoto-cx" onChange={(v) => typeof v === 'number' && Number.isFinite(v) && edit({ centerX: v })} />
                </Form.Item>
                <Form.Item label={t('editor.ortho.centerY')}>
                  <InputNumber step={0.5} precision={2} value={placement.centerY} addonAfter="m" data-testid="orthophoto-cy" onChange={(v) => typeof v === 'number' && Number.isFinite(v) && edit({ centerY: v })} />
                </Form.Item>
              </Flex>
              <Form.Item label={t('editor.ortho.rotation')}>
                <InputNumber
                  min={-360}
                  max={360}
                  step={1}
                  precision={1}
                  value={placement.rotation}
                  addonAfter="°"
                  data-testid="orthophoto-rotation"
                  onChange={(v) => typeof v === 'number' && v >= -360 && v <= 360 && edit({ rotation: v })}
                />
              </Form.Item>
            </Form>
          </>
        )}
      </Flex>
    </Card>
  );
}
