<?php
// Installs WordPress without a browser or wp-cli (scripts/wordpress/start.sh runs it on every
// start). Usage: php install.php WP_DIR HOST:PORT CREDENTIALS_JSON
// - First run: wp_install() with an `admin` user, an application password for it, written to
//   CREDENTIALS_JSON as { "admin": { userId, username, password, applicationPassword } }.
// - Every run: home/siteurl follow HOST:PORT, permalinks /%postname%/ with the rewrite rules
//   flushed (without the flush, pretty URLs and oEmbed of a post link answer 404).
// Prints no password.
if ($argc < 4) {
    fwrite(STDERR, "usage: php install.php WP_DIR HOST:PORT CREDENTIALS_JSON\n");
    exit(2);
}
[, $wpDir, $host, $credentialsFile] = $argv;
$_SERVER['HTTP_HOST'] = $host;
$_SERVER['SERVER_NAME'] = explode(':', $host)[0];
$_SERVER['REQUEST_URI'] = '/';
$_SERVER['REQUEST_METHOD'] = 'GET';
define('WP_INSTALLING', true);
require $wpDir . '/wp-load.php';
require_once ABSPATH . 'wp-admin/includes/upgrade.php';
require_once ABSPATH . 'wp-includes/class-wp-application-passwords.php';
add_filter('pre_wp_mail', '__return_true');

$credentials = is_file($credentialsFile) ? json_decode(file_get_contents($credentialsFile), true) : null;
$username = 'admin';

if (!is_blog_installed()) {
    $password = 'admin-' . bin2hex(random_bytes(8));
    $result = wp_install('Viewlink Contract Site', $username, 'admin@example.test', false, '', $password);
    $credentials = ['admin' => ['userId' => (int) $result['user_id'], 'username' => $username, 'password' => $password]];
    echo "installed WordPress ", get_bloginfo('version'), "\n";
} elseif (!is_array($credentials) || !isset($credentials['admin']['applicationPassword'])) {
    // Installed, but the credentials were lost: new login and application passwords.
    $user = get_user_by('login', $username);
    if (!$user) {
        fwrite(STDERR, "WordPress is installed but has no user '$username' (run start.sh --fresh)\n");
        exit(1);
    }
    $password = 'admin-' . bin2hex(random_bytes(8));
    wp_set_password($password, $user->ID);
    $credentials = ['admin' => ['userId' => $user->ID, 'username' => $username, 'password' => $password]];
    echo "WordPress was installed; new admin credentials\n";
}

update_option('home', 'http://' . $host);
update_option('siteurl', 'http://' . $host);
update_option('blog_public', '0');
global $wp_rewrite;
$wp_rewrite->init();
$wp_rewrite->set_permalink_structure('/%postname%/');
flush_rewrite_rules(false);

if (!isset($credentials['admin']['applicationPassword'])) {
    $created = WP_Application_Passwords::create_new_application_password(
        $credentials['admin']['userId'],
        ['name' => 'viewlink-contract-' . time()],
    );
    if (is_wp_error($created)) {
        fwrite(STDERR, 'application password: ' . $created->get_error_message() . "\n");
        exit(1);
    }
    $credentials['admin']['applicationPassword'] = $created[0];
    unset($credentials['subscriber']);
    echo "created the admin's application password\n";
}
$tmp = $credentialsFile . '.tmp';
file_put_contents($tmp, json_encode($credentials, JSON_PRETTY_PRINT | JSON_UNESCAPED_SLASHES) . "\n");
chmod($tmp, 0600);
rename($tmp, $credentialsFile);
echo "ok\n";
