// The drone photo upload dialog (spec 001 §2 "Drone photo upload dialog", §4 "Drone upload"): drag
// photos in, each checked in the browser (Validating, Approved, Failed, Missing GPS data), the
// remaining photo credit shown; start the upload (no more images can be added, the page warns before
// closing); cancel or submit for modelling; then "modelling in progress (10–20 minutes, e-mail on
// completion)". The flow is droneUploadMachine's; this component renders its state.
import { InboxOutlined } from '@ant-design/icons';
import { useMachine } from '@xstate/react';
import { Alert, Button, Flex, Modal, Popconfirm, Progress, Table, Tag, Typography, Upload } from 'antd';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { fromPromise } from 'xstate';
import { DRONE_LIMITS, type PhotoFailure } from '../../../model/api/drone.ts';
import { cancelDroneUpload, getDroneStatus, submitForModelling, uploadDronePhotos } from '../../api/drone.ts';
import { checkPhotoLocally } from '../../drone/photo-check.ts';
import { droneUploadMachine, photoCounts, type DialogPhoto, type DialogPhotoState } from '../../drone/upload.machine.ts';

export interface DroneUploadDialogProps {
  projectId: number;
  open: boolean;
  onClose: () => void;
  /** The modelling finished: the building document now holds the orthophoto (reload it). */
  onModelled?: () => void;
}

const STATE_COLOUR: Record<DialogPhotoState, string> = { queued: 'default', validating: 'processing', approved: 'success', failed: 'error', uploading: 'processing', uploaded: 'blue' };

const machine = droneUploadMachine.provide({
  actors: {
    loadStatus: fromPromise(({ input, signal }) => getDroneStatus(input.projectId, signal)),
    validatePhoto: fromPromise(({ input }) => checkPhotoLocally(input.file)),
    uploadBatch: fromPromise(({ input, signal }) => uploadDronePhotos(input.projectId, input.uploadId, input.files, signal)),
    submit: fromPromise(({ input }) => submitForModelling(input.projectId, input.uploadId)),
    cancel: fromPromise(async ({ input }) => {
      await cancelDroneUpload(input.projectId, input.uploadId);
    }),
  },
});

export function DroneUploadDialog({ projectId, open, onClose, onModelled }: DroneUploadDialogProps) {
  const { t } = useTranslation();
  const [snapshot, send] = useMachine(machine, { input: { projectId } });
  const { context } = snapshot;
  const busy = snapshot.hasTag('busy');
  const counts = photoCounts(context.photos);

  // Uploading: the browser asks before the page is closed or reloaded.
  useEffect(() => {
    if (!busy) return;
    const warn = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      e.returnValue = t('drone.leaveWarning');
      return e.returnValue;
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [busy, t]);

  useEffect(() => {
    if (snapshot.matches('done')) onModelled?.();
  }, [snapshot, onModelled]);

  const reasonText = (r: PhotoFailure | null) =>
    r ? t(`drone.reason.${r}`, { mb: DRONE_LIMITS.maxPhotoBytes / 1024 / 1024, max: DRONE_LIMITS.maxFiles }) : '';

  const columns = useMemo(
    () => [
      { title: '#', key: 'n', width: 56, render: (_: unknown, __: DialogPhoto, i: number) => i + 1 },
      { title: t('drone.title'), dataIndex: 'name', key: 'name', ellipsis: true },
      {
        title: '',
        key: 'state',
        width: 220,
        render: (_: unknown, p: DialogPhoto) => (
          <Flex gap={4} wrap>
            <Tag color={STATE_COLOUR[p.state]}>{t(`drone.state.${p.state}`)}</Tag>
            {p.reason && <Typography.Text type="danger">{reasonText(p.reason)}</Typography.Text>}
          </Flex>
        ),
      },
      {
        title: '',
        key: 'remove',
        width: 72,
        render: (_: unknown, p: DialogPhoto) =>
          snapshot.matches('collecting') && p.state !== 'uploaded' ? (
            <Button size="small" type="link" onClick={() => send({ type: 'files.remove', key: p.key })}>
              {t('drone.actions.remove')}
            </Button>
          ) : null,
      },
    ],
    [t, snapshot.value],
  );

  const canAdd = snapshot.matches('collecting') || snapshot.matches('uploaded');
  const modelling = snapshot.matches('modelling') || snapshot.matches('submitting');
  const job = context.job;

  const footer = (
    <Flex gap={8} justify="flex-end" wrap>
      {(snapshot.matches('uploaded') || snapshot.matches('uploadFailed') || (snapshot.matches('collecting') && context.uploadId !== null)) && (
        <Popconfirm title={t('drone.actions.cancelConfirm')} onConfirm={() => send({ type: 'upload.cancel' })}>
          <Button data-testid="drone-cancel">{t('drone.actions.cancel')}</Button>
        </Popconfirm>
      )}
      {snapshot.matches('uploadFailed') && <Button onClick={() => send({ type: 'upload.retry' })}>{t('drone.actions.retry')}</Button>}
      {snapshot.matches('collecting') && (
        <Button type="primary" disabled={!snapshot.can({ type: 'upload.start' })} onClick={() => send({ type: 'upload.start' })} data-testid="drone-upload">
          {t('drone.actions.upload')}
        </Button>
      )}
      {snapshot.matches('uploaded') && (
        <Button
          type="primary"
          disabled={!snapshot.can({ type: 'model.submit' }) || context.service?.configured === false}
          onClick={() => send({ type: 'model.submit' })}
          data-testid="drone-submit"
        >
          {t('drone.actions.submit')}
        </Button>
      )}
      {(snapshot.matches('done') || snapshot.matches('modelFailed')) && <Button onClick={() => send({ type: 'dialog.reload' })}>{t('drone.actions.again')}</Button>}
      <Button onClick={onClose} disabled={busy}>
        {t('drone.actions.close')}
      </Button>
    </Flex>
  );

  return (
    <Modal title={t('drone.title')} open={open} onCancel={busy ? undefined : onClose} closable={!busy} mask={{ closable: false }} footer={footer} width={760} destroyOnHidden={false}>
      <Flex vertical gap={12}>
        {context.service && !context.service.configured && <Alert type="warning" showIcon message={t('drone.notConfigured')} />}
        {context.error && <Alert type="error" showIcon message={context.error} />}
        {snapshot.matches('loadFailed') && (
          <Alert type="error" showIcon message={t('drone.loadFailed')} action={<Button size="small" onClick={() => send({ type: 'dialog.reload' })}>{t('drone.actions.retry')}</Button>} />
        )}
        {!modelling && !snapshot.matches('done') && !snapshot.matches('modelFailed') && (
          <>
            <Typography.Text>{t('drone.credit', { count: context.remainingCredit })}</Typography.Text>
            <Upload.Dragger
              multiple
              accept=".jpg,.jpeg,image/jpeg"
              showUploadList={false}
              disabled={!canAdd}
              beforeUpload={(file, list) => {
                // antd calls this once per file; the whole list is added on its first file.
                if (file === list[0]) send({ type: 'files.add', files: list.map((f) => ({ name: f.name, size: f.size, file: f })) });
                return Upload.LIST_IGNORE;
              }}
              data-testid="drone-drop"
            >
              <p className="ant-upload-drag-icon">
                <InboxOutlined />
              </p>
              <p>{t('drone.drop')}</p>
              <Typography.Text type="secondary">{t('drone.dropHint', { min: DRONE_LIMITS.minApproved })}</Typography.Text>
            </Upload.Dragger>
            {busy && <Alert type="info" showIcon message={t('drone.uploading')} />}
            <Typography.Text>{t('drone.counts', { waiting: counts.waiting, approved: counts.approved + counts.uploading, uploaded: counts.uploaded, failed: counts.failed })}</Typography.Text>
            {snapshot.matches('uploaded') && counts.uploaded < DRONE_LIMITS.minApproved && <Alert type="warning" showIcon message={t('drone.tooFew', { min: DRONE_LIMITS.minApproved })} />}
            <Table<DialogPhoto> size="small" rowKey="key" columns={columns} dataSource={context.photos} pagination={{ pageSize: 8, hideOnSinglePage: true }} />
          </>
        )}
        {modelling && (
          <>
            <Alert type="info" showIcon message={t('drone.modelling', { from: DRONE_LIMITS.modellingMinutes[0], to: DRONE_LIMITS.modellingMinutes[1] })} />
            <Typography.Text>{t('drone.progress')}</Typography.Text>
            <Progress percent={Math.round(job?.progress ?? 0)} status="active" />
          </>
        )}
        {snapshot.matches('done') && <Alert type="success" showIcon message={t('drone.done')} />}
        {snapshot.matches('modelFailed') && <Alert type="error" showIcon message={t('drone.failed', { error: job?.error ?? '', count: job?.photoCredits ?? 0 })} />}
      </Flex>
    </Modal>
  );
}
