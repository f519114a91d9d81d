import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import type { Construct } from 'constructs';

/**
 * Client-side routes (/tracks/123) have no file in the bucket: serve index.html for any path
 * whose last segment has no extension. Done per request on the site behavior only, rather
 * than with distribution-wide error responses, which would also turn the API's own
 * 403/404 answers into index.html with status 200.
 */
const REWRITE_TO_INDEX = `function handler(event) {
  var request = event.request;
  var last = request.uri.substring(request.uri.lastIndexOf('/') + 1);
  if (last.indexOf('.') === -1) request.uri = '/index.html';
  return request;
}`;

export function spaFallbackFunction(scope: Construct, id: string): cloudfront.Function {
  return new cloudfront.Function(scope, id, {
    code: cloudfront.FunctionCode.fromInline(REWRITE_TO_INDEX),
    runtime: cloudfront.FunctionRuntime.JS_2_0,
    comment: 'SPA fallback: extension-less paths get index.html',
  });
}
