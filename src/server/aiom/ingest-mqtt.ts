// Gateway ingest over MQTT (issue 21 "aiom" §2, optional transport; MQTT 3.1.1/5 through the mqtt
// client library): when PVSTUDIO_MQTT_URL names a broker, the server subscribes (QoS 1) to
// `pvstudio/ingest/+` — one topic level per gateway — and takes each message as the HTTP ingest takes a
// body: JSON `{ token, readings }` (model/api/aiom-telemetry.ts mqttIngestMessage, at most
// INGEST_MAX_BYTES), the token names the plant, the readings go through the same checks and the same
// idempotent store. The answer — `{ projectId, received, stored }` or `{ error, field }` — is published
// to `pvstudio/ingest/<gateway id>/result`. The broker's own authentication (PVSTUDIO_MQTT_USERNAME /
// PVSTUDIO_MQTT_PASSWORD) comes on top of the token.
import mqtt, { type MqttClient } from 'mqtt';
import { INGEST_MAX_BYTES, mqttIngestMessage } from '../../model/api/aiom-telemetry.ts';
import { ApiError } from '../errors.ts';
import type { IngestService } from './ingest.ts';

export const MQTT_INGEST_TOPIC = 'pvstudio/ingest';

export type MqttIngestAnswer = { projectId: number; received: number; stored: number } | { error: string; field?: string };

export class MqttIngest {
  private client: MqttClient | null = null;
  /** Messages being handled (stop waits for them). */
  private readonly inFlight = new Set<Promise<unknown>>();

  constructor(
    private readonly ingest: IngestService,
    private readonly log?: { warn(obj: unknown, msg?: string): void },
  ) {}

  /** Handles one message's payload. */
  async handle(payload: Buffer): Promise<MqttIngestAnswer> {
    if (payload.length > INGEST_MAX_BYTES) return { error: 'PAYLOAD_TOO_LARGE' };
    let json: unknown;
    try {
      json = JSON.parse(payload.toString('utf8'));
    } catch {
      return { error: 'VALIDATION', field: '' };
    }
    const parsed = mqttIngestMessage.safeParse(json);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      return { error: 'VALIDATION', field: issue.path.join('.') };
    }
    try {
      const plant = await this.ingest.plantOf(`Bearer ${parsed.data.token}`);
      return await this.ingest.ingest(plant, parsed.data.readings);
    } catch (err) {
      if (err instanceof ApiError) return { error: err.key, field: (err.details as { field?: string }).field };
      this.log?.warn({ err: (err as Error).message }, 'mqtt ingest failed');
      return { error: 'INTERNAL' };
    }
  }

  /** Connects to the broker and subscribes. */
  async start(url: string, auth: { username?: string; password?: string } = {}): Promise<void> {
    const client = await mqtt.connectAsync(url, { ...auth, clientId: `pvstudio-ingest-${process.pid}-${Date.now().toString(36)}`, reconnectPeriod: 5000 });
    this.client = client;
    client.on('message', (topic, payload) => {
      const gateway = topic.slice(MQTT_INGEST_TOPIC.length + 1);
      const work = this.handle(payload)
        .then((answer) => client.publishAsync(`${MQTT_INGEST_TOPIC}/${gateway}/result`, JSON.stringify(answer), { qos: 1 }))
        .catch((err: unknown) => this.log?.warn({ err: (err as Error).message }, 'mqtt ingest: no answer published'));
      this.inFlight.add(work);
      void work.finally(() => this.inFlight.delete(work));
    });
    client.on('error', (err) => this.log?.warn({ err: err.message }, 'mqtt ingest: broker error'));
    await client.subscribeAsync(`${MQTT_INGEST_TOPIC}/+`, { qos: 1 });
  }

  async stop(): Promise<void> {
    const client = this.client;
    this.client = null;
    if (!client) return;
    await client.unsubscribeAsync(`${MQTT_INGEST_TOPIC}/+`).catch(() => undefined);
    await Promise.allSettled([...this.inFlight]);
    await client.endAsync();
  }
}
