// The user's imagery setting (issue 18 item 5): the server's default, none, Tianditu with the user's
// key, Mapbox Satellite with a token, Esri World Imagery, or any XYZ source — each preset with the
// attribution and zoom it brings. On the user information page and, through the button, in the
// editor's toolbar. Checked with the shared schema (src/model/base-map.ts), saved on the server.
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, App, Button, Flex, Form, Input, InputNumber, Modal, Radio, Space, Spin, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { Controller, useForm, type FieldError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { BaseMapAnswer } from '../../model/api/editor.ts';
import { BASE_MAP_CHOICES, BASE_MAP_FIELD_ERRORS, baseMapSettingSchema, DEFAULT_BASE_MAP_SETTING, MAX_SOURCE_ZOOM, PRESET_FACTS, type BaseMapSetting } from '../../model/base-map.ts';
import { ApiError } from '../api/http.ts';
import { getBaseMapSetting, saveBaseMapSetting } from '../editor/map/editor-config-api.ts';
import type { MessageKey } from '../i18n/index.ts';

export interface BaseMapSettingsProps {
  /** After a successful save. */
  onSaved?: (answer: BaseMapAnswer) => void;
}

const FIELD_ERROR_KEYS = new Set<string>(Object.values(BASE_MAP_FIELD_ERRORS));

/** A field error's text: the schema's messages are catalogue keys (BASE_MAP_FIELD_ERRORS). */
function useErrorText(): (e: FieldError | undefined) => string | undefined {
  const { t } = useTranslation();
  return (e) => (e?.message ? (FIELD_ERROR_KEYS.has(e.message) ? t(e.message as MessageKey) : e.message) : undefined);
}

/** Attribution and zoom a preset brings. */
function Facts({ preset }: { preset: keyof typeof PRESET_FACTS }) {
  const { t } = useTranslation();
  const f = PRESET_FACTS[preset];
  return (
    <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid={`base-map-facts-${preset}`}>
      {t('user.baseMap.attribution', { text: f.attribution })} · {t('user.baseMap.maxzoom', { zoom: f.maxzoom })}
    </Typography.Text>
  );
}

export function BaseMapSettings({ onSaved }: BaseMapSettingsProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const errorText = useErrorText();
  const [answer, setAnswer] = useState<BaseMapAnswer | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);
  const form = useForm<BaseMapSetting>({ resolver: zodResolver(baseMapSettingSchema), defaultValues: DEFAULT_BASE_MAP_SETTING, mode: 'onSubmit' });
  const choice = form.watch('choice');

  useEffect(() => {
    const ctl = new AbortController();
    getBaseMapSetting(ctl.signal)
      .then((a) => {
        setAnswer(a);
        // A choice the user made while the setting was being read stays theirs.
        form.reset(a.setting, { keepDirtyValues: true });
      })
      .catch(() => {
        if (!ctl.signal.aborted) setLoadFailed(true);
      });
    return () => ctl.abort();
  }, [form]);

  const submit = form.handleSubmit(async (setting) => {
    setSaveError(null);
    try {
      const a = await saveBaseMapSetting(setting);
      setAnswer(a);
      form.reset(a.setting);
      void message.success(t('user.baseMap.saved'));
      onSaved?.(a);
    } catch (e) {
      setSaveError(t('user.baseMap.saveFailed', { message: e instanceof ApiError || e instanceof Error ? e.message : String(e) }));
    }
  });

  if (loadFailed) return <Alert type="error" showIcon message={t('user.baseMap.loadFailed')} data-testid="base-map-load-failed" />;
  if (!answer) return <Spin data-testid="base-map-loading" />;

  const serverLabel = answer.serverDefault
    ? `${t('user.baseMap.choices.server')} — ${t('user.baseMap.serverDefault', { preset: t(`user.baseMap.presets.${answer.serverDefault}`) })}${answer.serverDefaultAvailable ? '' : ` (${t('user.baseMap.serverUnavailable')})`}`
    : `${t('user.baseMap.choices.server')} — ${t('user.baseMap.serverNone')}`;
  const errors = form.formState.errors;
  const text = (name: 'tiandituKey' | 'mapboxToken') => ({ validateStatus: errors[name] ? ('error' as const) : undefined, help: errorText(errors[name]) });

  return (
    <Form layout="vertical" onFinish={() => void submit()} data-testid="base-map-settings" style={{ maxWidth: 640 }}>
      <Typography.Paragraph type="secondary">{t('user.baseMap.hint')}</Typography.Paragraph>
      <Form.Item label={t('user.baseMap.choice')}>
        <Controller
          name="choice"
          control={form.control}
          render={({ field }) => (
            <Radio.Group value={field.value} onChange={(e) => field.onChange(e.target.value)} data-testid="base-map-choice">
              <Space orientation="vertical">
                {BASE_MAP_CHOICES.map((c) => (
                  <Radio key={c} value={c} data-testid={`base-map-choice-${c}`}>
                    {c === 'server' ? serverLabel : t(`user.baseMap.choices.${c}`)}
                  </Radio>
                ))}
              </Space>
            </Radio.Group>
          )}
        />
      </Form.Item>
      {choice === 'tianditu' && (
        <Form.Item label={t('user.baseMap.tiandituKey')} extra={<Flex vertical>{t('user.baseMap.tiandituKeyHint')}<Facts preset="tianditu" /></Flex>} {...text('tiandituKey')}>
          <Controller name="tiandituKey" control={form.control} render={({ field }) => <Input {...field} autoComplete="off" spellCheck={false} data-testid="base-map-tianditu-key" />} />
        </Form.Item>
      )}
      {choice === 'mapbox' && (
        <Form.Item label={t('user.baseMap.mapboxToken')} extra={<Flex vertical>{t('user.baseMap.mapboxTokenHint')}<Facts preset="mapbox" /></Flex>} {...text('mapboxToken')}>
          <Controller name="mapboxToken" control={form.control} render={({ field }) => <Input {...field} autoComplete="off" spellCheck={false} data-testid="base-map-mapbox-token" />} />
        </Form.Item>
      )}
      {choice === 'esri' && (
        <Flex vertical style={{ marginBottom: 16 }}>
          <Typography.Text type="secondary">{t('user.baseMap.esriHint')}</Typography.Text>
          <Facts preset="esri" />
        </Flex>
      )}
      {choice === 'xyz' && (
        <>
          <Form.Item label={t('user.baseMap.xyzTiles')} extra={t('user.baseMap.xyzTilesHint')} validateStatus={errors.xyz?.tiles ? 'error' : undefined} help={errorText(errors.xyz?.tiles)}>
            <Controller name="xyz.tiles" control={form.control} render={({ field }) => <Input {...field} spellCheck={false} data-testid="base-map-xyz-tiles" />} />
          </Form.Item>
          <Form.Item label={t('user.baseMap.xyzAttribution')}>
            <Controller name="xyz.attribution" control={form.control} render={({ field }) => <Input {...field} data-testid="base-map-xyz-attribution" />} />
          </Form.Item>
          <Flex gap={16}>
            <Form.Item label={t('user.baseMap.xyzMaxzoom')}>
              <Controller
                name="xyz.maxzoom"
                control={form.control}
                render={({ field }) => <InputNumber value={field.value} onChange={(v) => field.onChange(v ?? 0)} min={0} max={MAX_SOURCE_ZOOM} step={1} precision={0} data-testid="base-map-xyz-maxzoom" />}
              />
            </Form.Item>
            <Form.Item label={t('user.baseMap.xyzTileSize')}>
              <Controller
                name="xyz.tileSize"
                control={form.control}
                render={({ field }) => (
                  <Radio.Group value={field.value} onChange={(e) => field.onChange(e.target.value)} optionType="button" options={[256, 512].map((v) => ({ value: v, label: String(v) }))} />
                )}
              />
            </Form.Item>
          </Flex>
        </>
      )}
      {saveError && <Alert type="error" showIcon message={saveError} style={{ marginBottom: 12 }} data-testid="base-map-save-error" />}
      <Button type="primary" htmlType="submit" loading={form.formState.isSubmitting} data-testid="base-map-save">
        {t('user.baseMap.save')}
      </Button>
    </Form>
  );
}

/** A button opening the imagery settings in a dialog (the editor's toolbar and map messages). */
export function BaseMapSettingsButton({ onSaved, size }: BaseMapSettingsProps & { size?: 'small' | 'middle' }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size={size} onClick={() => setOpen(true)} data-testid="base-map-settings-open">
        {t('editor.map.settings')}
      </Button>
      <Modal open={open} title={t('user.baseMap.title')} footer={null} onCancel={() => setOpen(false)} destroyOnHidden width={680}>
        <BaseMapSettings
          onSaved={(a) => {
            setOpen(false);
            onSaved?.(a);
          }}
        />
      </Modal>
    </>
  );
}
