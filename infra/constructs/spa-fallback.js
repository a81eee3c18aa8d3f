// CloudFront Function (cloudfront-js-2.0), viewer request of the site's default behavior.
// Client-side routes (a last path segment without a file extension) get index.html, so deep links
// load the app. Only the S3 behavior runs this: API answers keep their own 403 and 404.
function handler(event) {
  var request = event.request;
  var lastSegment = request.uri.substring(request.uri.lastIndexOf('/') + 1);
  if (lastSegment.indexOf('.') === -1) {
    request.uri = '/index.html';
  }
  return request;
}
