import { ApiProperty } from '@nestjs/swagger';
import { requestBody } from '../common/request-body.js';

export interface LinkBody {
  code: string;
}

/** The body of POST /players/link: the code as shown or typed (any case, dashes and spaces optional). */
export const LINK = requestBody<LinkBody>('LinkDeviceDto', {
  type: 'object',
  additionalProperties: false,
  required: ['code'],
  properties: {
    code: {
      type: 'string',
      minLength: 1,
      maxLength: 64,
      example: 'KXR4-7WHQ-MCT9',
      description: 'the link code, as shown on the other device',
    },
  },
});

export interface PasskeyAnswerBody {
  response: Record<string, unknown>;
}

/**
 * The body of the passkey routes that take the browser's answer: `response` is what
 * @simplewebauthn/browser's startRegistration / startAuthentication return (WebAuthn's
 * `PublicKeyCredential` as JSON); @simplewebauthn/server judges its inside.
 */
const passkeyAnswer = (name: string, what: string) =>
  requestBody<PasskeyAnswerBody>(name, {
    type: 'object',
    additionalProperties: false,
    required: ['response'],
    properties: {
      response: {
        type: 'object',
        required: ['id', 'rawId', 'response', 'type'],
        additionalProperties: true,
        properties: {
          id: { type: 'string' },
          rawId: { type: 'string' },
          type: { type: 'string' },
          response: { type: 'object', additionalProperties: true },
        },
        description: `${what} (WebAuthn's PublicKeyCredential as JSON, as @simplewebauthn/browser returns it)`,
      },
    },
  });
export const ADD_PASSKEY = passkeyAnswer('AddPasskeyDto', "the authenticator's registration");
export const PASSKEY_SIGN_IN = passkeyAnswer('PasskeySignInDto', "the authenticator's assertion");

export class LinkCodeDto {
  @ApiProperty({ example: 'KXR4-7WHQ-MCT9', description: 'twelve characters in three groups, from 23 without look-alikes; works once' })
  code!: string;
  @ApiProperty({ example: '2026-12-05T07:10:00.000Z', description: 'the code works until then (ten minutes)' })
  expiresAt!: string;
}

class SessionDto {
  @ApiProperty({ example: '4f1c2b9e-8d2a-4c55-9a0e-2b7f7f3e9c11' })
  id!: string;
  @ApiProperty({ example: '2026-12-05T06:00:00.000Z' })
  createdAt!: string;
  @ApiProperty({ example: '2026-12-05T06:40:00.000Z', description: 'when the token was last used (to the minute)' })
  lastUsedAt!: string;
  @ApiProperty({ description: 'the session of the token that asks' })
  current!: boolean;
  @ApiProperty({
    enum: ['name', 'link', 'passkey'],
    description: 'how the device signed in: by choosing the name, with a link code, with a passkey',
  })
  via!: string;
}

export class SessionsDto {
  @ApiProperty({ type: [SessionDto], description: 'one per device (token), the oldest first' })
  sessions!: SessionDto[];
}

export class PasskeyAddedDto {
  @ApiProperty({ description: "the passkey's credential id (base64url)" })
  id!: string;
}

class PasskeyDto {
  @ApiProperty({ example: 'pQhWm2XQ4e1xYb3J0Vd9Sg', description: "the passkey's credential id (base64url)" })
  id!: string;
  @ApiProperty({ example: '2026-12-05T06:00:00.000Z', description: 'when it was added' })
  createdAt!: string;
  @ApiProperty({
    type: 'string',
    example: '2026-12-05T06:40:00.000Z',
    nullable: true,
    description: 'when it last signed a device in; null until it first does',
  })
  lastUsedAt!: string | null;
}

export class PasskeysDto {
  @ApiProperty({ type: [PasskeyDto], description: "the player's passkeys, the oldest first" })
  passkeys!: PasskeyDto[];
}

/** WebAuthn's options for the browser (navigator.credentials.create / get, as JSON): @simplewebauthn/server's, as they are. */
export const PASSKEY_OPTIONS_SCHEMA = {
  type: 'object',
  required: ['challenge'],
  additionalProperties: true,
  properties: {
    challenge: { type: 'string', description: 'base64url; answered once, within five minutes, on any instance' },
    rpId: { type: 'string', description: "the relying party id: the host the passkey is bound to (PASSKEY_ORIGIN, else the request's)" },
  },
  description: "WebAuthn's PublicKeyCredentialCreationOptions (adding) or PublicKeyCredentialRequestOptions (signing in) as JSON",
};
