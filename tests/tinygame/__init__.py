"""Race to ten: a tiny fourth game that exists only in the tests.

It is installed by a test (``PARTIDA_GAMES`` and ``INSTALLED_APPS``) to show that a game is one
package: nothing outside it changes when it is added.
"""
