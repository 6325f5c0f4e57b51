// Types of topology.mjs for the TypeScript that uses it (tests/cluster, the cluster bench).

export interface ReplicaCommands {
  platform: string[];
  gateway: string[];
}
export const FROM_BUILD: ReplicaCommands;
export const FROM_SOURCES: ReplicaCommands;
export const NGINX_TEMPLATE: string;

/** One supervised process of the cluster. */
export interface Part {
  name: string;
  pid: number | undefined;
  /** Times it was started again after dying unasked. */
  restarts: number;
  /** The tail of its output. */
  output: string;
  start(timeoutMs?: number): Promise<void>;
  /** Graceful stop (SIGTERM; SIGINT for PostgreSQL, SIGQUIT for nginx); waits for the exit. */
  stop(signal?: NodeJS.Signals): Promise<void>;
  /** kill -9: the supervisor starts it again a second later. */
  kill(): void;
  restart(): Promise<void>;
  ready(): Promise<boolean>;
  exited(): Promise<void>;
}
export interface PlatformReplica extends Part {
  restUrl: string;
  oidcUrl: string;
}
export interface GatewayReplica extends Part {
  origin: string;
}

export interface ClusterOptions {
  platformReplicas?: number;
  gatewayReplicas?: number;
  ports?: { gateway?: number; platformApi?: number; oidc?: number };
  consoleUrl?: string;
  commands?: ReplicaCommands;
  env?: Record<string, string>;
  durable?: boolean;
  log?: (name: string, text: string) => void;
}

export interface RunningCluster {
  /** Through nginx: the gateway's GraphQL URL, the REST API, the issuer. */
  urls: { gateway: string; platformApi: string; issuer: string };
  databaseUrl: string;
  redisUrl: string;
  postgres: Part;
  redis: Part;
  nginx: Part;
  platforms: PlatformReplica[];
  gateways: GatewayReplica[];
  cliClient: { id: string; secret: string };
  seedPassword: string;
  close(): Promise<void>;
}

export function startCluster(options?: ClusterOptions): Promise<RunningCluster>;
export function freePort(): Promise<number>;
export function renderNginxTemplate(template: string, values: Record<string, string>): string;
export function clusterPrograms(): { postgresBin: string; redisServer: string; nginx: string };
