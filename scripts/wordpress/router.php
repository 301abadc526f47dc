<?php
// Router for `php -S`: real files are served as they are, every other path goes
// to WordPress's front controller (what Apache's rewrite rules do for WordPress).
$root = rtrim($_SERVER['DOCUMENT_ROOT'], '/');
$path = urldecode(parse_url($_SERVER['REQUEST_URI'], PHP_URL_PATH) ?? '/');
$file = realpath($root . $path);
if ($path !== '/' && $file !== false && str_starts_with($file, $root) && is_file($file)) {
    return false;
}
if ($file !== false && is_dir($file) && is_file($file . '/index.php') && $path !== '/') {
    return false;
}
$_SERVER['SCRIPT_NAME'] = '/index.php';
$_SERVER['SCRIPT_FILENAME'] = $root . '/index.php';
$_SERVER['PHP_SELF'] = '/index.php';
chdir($root);
require $root . '/index.php';
