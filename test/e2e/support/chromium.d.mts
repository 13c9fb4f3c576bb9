export const CHROMIUM_ARGS: string[];
export function chromiumPath(): string;
export function chromiumLaunchOptions(): { executablePath: string; args: string[] };
