/** Where a sealed secret lives: the additional data its AES-GCM tag covers (crypto.ts). */
export const secretAad = (credentialId: string, field: "client_secret" | "signing_key") => `api_credentials:${credentialId}:${field}`;
