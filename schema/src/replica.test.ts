import { hostname } from 'node:os';
import { describe, expect, it } from 'vitest';
import { replicaNameOf, spanInstanceOf, tracingWanted } from './replica.js';

describe('replica', () => {
  it('is named by REPLICA_NAME, else by its host (and, for spans, its process too)', () => {
    expect(replicaNameOf({ REPLICA_NAME: ' platform-2 ' })).toBe('platform-2');
    expect(replicaNameOf({ REPLICA_NAME: ' ' })).toBe(hostname());
    expect(spanInstanceOf({ REPLICA_NAME: 'gateway-3' })).toBe('gateway-3');
    expect(spanInstanceOf({})).toBe(`${hostname()}:${process.pid}`);
  });

  it('sends traces only when an OTLP endpoint is set and the SDK is not disabled', () => {
    expect(tracingWanted({})).toBe(false);
    expect(tracingWanted({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' })).toBe(true);
    expect(tracingWanted({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://collector:4318/v1/traces' })).toBe(true);
    expect(tracingWanted({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318', OTEL_SDK_DISABLED: 'TRUE' })).toBe(
      false,
    );
    expect(tracingWanted({ OTEL_EXPORTER_OTLP_ENDPOINT: '  ' })).toBe(false);
  });
});
