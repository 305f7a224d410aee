import { createPrivateKey, webcrypto, type KeyObject } from 'node:crypto';
import type * as X509 from '@peculiar/x509';

/** Apple's marker extensions that the App Store Server Library requires on the chain. */
const LEAF_MARKER = '1.2.840.113635.100.6.11.1';
const INTERMEDIATE_MARKER = '1.2.840.113635.100.6.2.1';
const EC = { name: 'ECDSA', namedCurve: 'P-256' } as const;
const SIGNING = { name: 'ECDSA', hash: 'SHA-256' } as const;
const ASN1_NULL = new Uint8Array([5, 0]);

type X509KeyPair = Parameters<typeof X509.X509CertificateGenerator.createSelfSigned>[0]['keys'];

export interface ApplePki {
  /** Root, intermediate, leaf, as base64 DER (the JWS x5c header order is leaf first). */
  rootDer: Buffer;
  x5c: [string, string, string];
  leafKey: KeyObject;
}

/**
 * @peculiar/x509 needs a Reflect metadata polyfill (tsyringe): loaded here, on first use, so only a
 * process that runs the App Store stand-in gets it.
 */
export async function loadX509(): Promise<typeof X509> {
  await import('reflect-metadata');
  const x509 = await import('@peculiar/x509');
  // It signs with WebCrypto; Node's implementation is the one of this process.
  // Typed loosely: its Crypto type differs between DOM and Node typings (the e2e project has both).
  (x509.cryptoProvider as unknown as { set(crypto: unknown): void }).set(webcrypto);
  return x509;
}

async function build(subjectPrefix: string): Promise<ApplePki> {
  const x509 = await loadX509();
  const now = Date.now();
  const notBefore = new Date(now - 86_400_000);
  const notAfter = new Date(now + 365 * 86_400_000);
  // Typed as @peculiar/x509 takes them (Node's webcrypto keys at run time): Node 24's typings list key usages
  // (encapsulateBits...) that the WebCrypto type x509 names does not.
  const keys = () => webcrypto.subtle.generateKey(EC, true, ['sign', 'verify']) as unknown as Promise<X509KeyPair>;
  const [rootKeys, intermediateKeys, leafKeys] = await Promise.all([keys(), keys(), keys()]);
  const rootName = `CN=${subjectPrefix} Root CA - G3, OU=Apple Certification Authority, O=Apple Inc., C=US`;
  const intermediateName = `CN=${subjectPrefix} Worldwide Developer Relations Certification Authority, OU=G6, O=Apple Inc., C=US`;
  const root = await x509.X509CertificateGenerator.createSelfSigned({
    serialNumber: '01',
    name: rootName,
    notBefore,
    notAfter,
    keys: rootKeys,
    signingAlgorithm: SIGNING,
    extensions: [new x509.BasicConstraintsExtension(true, undefined, true)],
  });
  const intermediate = await x509.X509CertificateGenerator.create({
    serialNumber: '02',
    subject: intermediateName,
    issuer: root.subject,
    notBefore,
    notAfter,
    publicKey: intermediateKeys.publicKey,
    signingKey: rootKeys.privateKey,
    signingAlgorithm: SIGNING,
    extensions: [
      new x509.BasicConstraintsExtension(true, 0, true),
      new x509.Extension(INTERMEDIATE_MARKER, false, ASN1_NULL),
    ],
  });
  const leaf = await x509.X509CertificateGenerator.create({
    serialNumber: '03',
    subject: `CN=Prod ECC Mac App Store and iTunes Store Receipt Signing, OU=${subjectPrefix}, O=Apple Inc., C=US`,
    issuer: intermediate.subject,
    notBefore,
    notAfter,
    publicKey: leafKeys.publicKey,
    signingKey: intermediateKeys.privateKey,
    signingAlgorithm: SIGNING,
    extensions: [new x509.BasicConstraintsExtension(false), new x509.Extension(LEAF_MARKER, false, ASN1_NULL)],
  });
  const pkcs8 = Buffer.from(await webcrypto.subtle.exportKey('pkcs8', leafKeys.privateKey));
  const b64 = (c: X509.X509Certificate) => Buffer.from(c.rawData).toString('base64');
  return {
    rootDer: Buffer.from(root.rawData),
    x5c: [b64(leaf), b64(intermediate), b64(root)],
    leafKey: createPrivateKey({ key: pkcs8, format: 'der', type: 'pkcs8' }),
  };
}

let pki: Promise<ApplePki> | null = null;
let rogue: Promise<ApplePki> | null = null;

/**
 * The stand-in's "Apple" PKI (decision 029): a root CA, an intermediate and a signing leaf with
 * Apple's marker extensions, made once per process at run time. The server in sandbox mode trusts
 * this root as it trusts Apple Root CA - G3 in production.
 */
export const appleSandboxPki = () => (pki ??= build('Apple'));
/** Another chain with the same names but its own root: what a forger would sign with. */
export const appleRoguePki = () => (rogue ??= build('Apple'));
/** The root certificate (DER) the server trusts in sandbox mode. */
export const appleSandboxRootCertificate = async () => (await appleSandboxPki()).rootDer;
