import type { PluginOption, UserConfig } from 'vite';

export function appViteConfig(options: { port: number; plugins: PluginOption[] }): UserConfig;
