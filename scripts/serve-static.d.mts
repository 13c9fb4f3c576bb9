export interface StaticServer {
  url: string;
  port: number;
  close: () => Promise<void>;
}

export interface StaticServerOptions {
  root: string;
  basePath?: string;
  port?: number;
  host?: string;
}

export function normaliseBasePath(basePath: string): string;
export function resolveRequestPath(root: string, basePath: string, urlPath: string): string | null;
export function serveStatic(options: StaticServerOptions): Promise<StaticServer>;
export function serveStaticOnFreePort(
  options: Omit<StaticServerOptions, 'port'>,
  ports: number[],
): Promise<StaticServer>;
