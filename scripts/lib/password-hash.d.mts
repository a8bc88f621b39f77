// Types of password-hash.mjs for the TypeScript tests that import it.
export declare const PASSWORD_ITERATIONS: number;
export declare function hashPassword(password: string, iterations?: number): string;
export declare function verifyPassword(password: string, stored: string): boolean;
